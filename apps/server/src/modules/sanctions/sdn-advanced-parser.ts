import { createHash } from 'node:crypto';
import type { SanctionsChain } from '@coffer/contract';
import { addressKey, chainOfListedAddress } from './sanctioned-address';
import { createXmlScanner, XmlRefusedError, type XmlHandler } from './xml-tag-scanner';

/** One digital-currency address of the list, with the chain it is screened on. */
export interface ListedAddress {
  /** OFAC's currency code: `XBT`, `ETH`, `USDT`… */
  currency: string;
  chain: SanctionsChain;
  /** As the list spells it. */
  address: string;
  /** As screening compares it (`addressKey`). */
  key: string;
  /** The party's primary name. */
  label: string;
  /** The distinct party's `FixedRef`. */
  partyRef: string | null;
}

export interface ParsedSdnList {
  /** `DateOfIssue` as `YYYY-MM-DD`, when the file has a whole one. */
  publishedOn: string | null;
  /** Each (chain, address) once, the first party naming it kept. */
  addresses: ListedAddress[];
  bytes: number;
  sha256: string;
}

/** The file passed its size limit (bytes read so far are more than `limit`). */
export class SdnListTooLargeError extends Error {
  override readonly name = 'SdnListTooLargeError';
  constructor(readonly limit: number) {
    super(`the list is larger than ${limit} bytes`);
  }
}

const digitalCurrency = /^Digital Currency Address - (\S+)$/i;
/** Far above the list's few thousand addresses; bounds what an odd file can make us keep. */
const maxAddresses = 100_000;
const maxValueLength = 512;
const maxLabelLength = 300;

interface Party {
  ref: string | null;
  name: string | null;
  /** (feature type id, value) pairs of the party's features. */
  features: Array<{ typeId: string; value: string }>;
}

/**
 * What the import needs of the SDN advanced XML (`<Sanctions>`, in whatever namespace): the
 * feature types under `ReferenceValueSets/FeatureTypeValues` (`<FeatureType ID="…">Digital
 * Currency Address - XBT</FeatureType>`), and for each `DistinctParty` its primary name
 * (`Identity/Alias[@Primary="true"]/DocumentedName/DocumentedNamePart/NamePartValue`) and its
 * features' values (`Profile/Feature[@FeatureTypeID]/FeatureVersion/VersionDetail`). Everything
 * else is read past.
 */
function createSdnHandler() {
  const featureTypes = new Map<string, string>();
  const path: string[] = [];
  const candidates: Array<{ typeId: string; value: string; party: Party }> = [];
  const date = { Year: '', Month: '', Day: '' };
  let party: Party | null = null;
  let featureTypeId: string | null = null;
  let feature: { typeId: string } | null = null;
  let alias: 'capturing' | 'done' | null = null;
  let nameParts: string[] | null = null;
  /** The text of the element being read, when it is one we keep. */
  let capture: { into: 'featureType' | 'value' | 'namePart' | 'date'; text: string } | null = null;

  const parent = () => path[path.length - 2];

  const handler: XmlHandler = {
    open(name, attributes) {
      path.push(name);
      if (path.length === 1 && name !== 'Sanctions')
        throw new XmlRefusedError(`the root element is <${name.slice(0, 40)}>, not <Sanctions>`);
      if (name === 'FeatureType' && parent() === 'FeatureTypeValues') {
        featureTypeId = attributes.get('ID') ?? null;
        capture = { into: 'featureType', text: '' };
      } else if (parent() === 'DateOfIssue' && (name === 'Year' || name === 'Month' || name === 'Day')) {
        capture = { into: 'date', text: '' };
      } else if (name === 'DistinctParty') {
        party = { ref: attributes.get('FixedRef') ?? attributes.get('ID') ?? null, name: null, features: [] };
        alias = null;
      } else if (party && name === 'Alias' && attributes.get('Primary') === 'true' && alias === null) {
        alias = 'capturing';
      } else if (party && alias === 'capturing' && name === 'DocumentedName' && nameParts === null) {
        nameParts = [];
      } else if (nameParts && name === 'NamePartValue') {
        capture = { into: 'namePart', text: '' };
      } else if (party && name === 'Feature') {
        const typeId = attributes.get('FeatureTypeID');
        feature = typeId ? { typeId } : null;
      } else if (feature && name === 'VersionDetail') {
        capture = { into: 'value', text: '' };
      }
    },

    text(value) {
      if (capture && capture.text.length <= maxValueLength) capture.text += value;
    },

    close(name) {
      const captured = capture;
      if (captured && ['FeatureType', 'Year', 'Month', 'Day', 'NamePartValue', 'VersionDetail'].includes(name)) {
        capture = null;
        const text = captured.text.trim();
        if (captured.into === 'featureType' && featureTypeId) featureTypes.set(featureTypeId, text);
        else if (captured.into === 'date') date[name as keyof typeof date] = text;
        else if (captured.into === 'namePart' && text !== '') nameParts?.push(text);
        else if (captured.into === 'value' && feature && party && text !== '' && text.length <= maxValueLength)
          keep({ typeId: feature.typeId, value: text, party });
      }
      if (name === 'DocumentedName' && nameParts && party && alias === 'capturing') {
        party.name = nameParts.join(' ').slice(0, maxLabelLength) || null;
        nameParts = null;
        alias = 'done';
      } else if (name === 'Alias' && alias === 'capturing') {
        alias = party?.name ? 'done' : null;
        nameParts = null;
      } else if (name === 'Feature') {
        feature = null;
      } else if (name === 'DistinctParty') {
        party = null;
      }
      path.pop();
    },
  };

  /** A feature value, kept while its type is unknown or a digital-currency address. */
  function keep(candidate: { typeId: string; value: string; party: Party }): void {
    const typeName = featureTypes.get(candidate.typeId);
    if (typeName !== undefined && !digitalCurrency.test(typeName)) return;
    if (candidates.length >= maxAddresses) throw new XmlRefusedError(`more than ${maxAddresses} feature values to keep`);
    candidates.push(candidate);
  }

  function result(): Omit<ParsedSdnList, 'bytes' | 'sha256'> {
    const currencyOf = new Map<string, string>();
    for (const [id, typeName] of featureTypes) {
      const currency = digitalCurrency.exec(typeName)?.[1];
      if (currency) currencyOf.set(id, currency.toUpperCase());
    }
    if (currencyOf.size === 0) throw new XmlRefusedError('no "Digital Currency Address" feature type in ReferenceValueSets');
    const seen = new Set<string>();
    const addresses: ListedAddress[] = [];
    for (const candidate of candidates) {
      const currency = currencyOf.get(candidate.typeId);
      if (!currency) continue;
      const chain = chainOfListedAddress(currency, candidate.value);
      const key = addressKey(chain, candidate.value);
      if (seen.has(`${chain}:${key}`)) continue;
      seen.add(`${chain}:${key}`);
      addresses.push({
        currency,
        chain,
        address: candidate.value,
        key,
        label: candidate.party.name ?? `SDN party ${candidate.party.ref ?? 'unnamed'}`,
        partyRef: candidate.party.ref,
      });
    }
    const [year, month, day] = [date.Year, date.Month.padStart(2, '0'), date.Day.padStart(2, '0')];
    const publishedOn = /^\d{4}$/.test(year) && /^\d{2}$/.test(month) && /^\d{2}$/.test(day) ? `${year}-${month}-${day}` : null;
    return { publishedOn, addresses };
  }

  return { handler, result };
}

/**
 * Reads an SDN advanced XML file as it streams in (never whole in memory), refusing it past
 * `maxBytes`, when it is not UTF-8 XML, holds a DTD, or is not the SDN advanced list
 * (`XmlRefusedError`); answers its digital-currency addresses, date, size and SHA-256.
 */
export async function parseSdnAdvanced(source: AsyncIterable<Uint8Array | string>, options: { maxBytes: number }): Promise<ParsedSdnList> {
  const { handler, result } = createSdnHandler();
  const scanner = createXmlScanner(handler);
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const hash = createHash('sha256');
  let bytes = 0;
  try {
    for await (const piece of source) {
      const chunk = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
      bytes += chunk.byteLength;
      if (bytes > options.maxBytes) throw new SdnListTooLargeError(options.maxBytes);
      hash.update(chunk);
      scanner.write(decoder.decode(chunk, { stream: true }));
    }
    scanner.write(decoder.decode());
  } catch (error) {
    // The decoder's own refusal of bytes that are not UTF-8.
    if ((error as { code?: unknown }).code === 'ERR_ENCODING_INVALID_ENCODED_DATA') throw new XmlRefusedError('not UTF-8');
    throw error;
  }
  scanner.end();
  return { ...result(), bytes, sha256: hash.digest('hex') };
}
