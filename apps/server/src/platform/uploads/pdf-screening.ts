import { constants, inflateSync } from 'node:zlib';
import { refuse, type RefusedUpload } from './upload-result';

/**
 * PDF names whose presence refuses the file: scripts, actions that run on open or on events,
 * launching programs, attachments, forms that submit or script themselves, remote go-tos.
 * Encryption is refused too: its object streams could not be screened.
 */
const refusedNames: ReadonlyMap<string, string> = new Map([
  ['JavaScript', 'script'],
  ['JS', 'script'],
  ['Launch', 'program launch'],
  ['EmbeddedFile', 'attachment'],
  ['EmbeddedFiles', 'attachment'],
  ['FileAttachment', 'attachment'],
  ['OpenAction', 'action on open'],
  ['AA', 'automatic action'],
  ['RichMedia', 'rich media'],
  ['XFA', 'XFA form'],
  ['SubmitForm', 'form submission'],
  ['ImportData', 'data import'],
  ['GoToR', 'remote go-to'],
  ['GoToE', 'embedded go-to'],
  ['Encrypt', 'encryption'],
]);

/** Object streams are decompressed to be screened; beyond these a stream is treated as a bomb. */
const inflateLimits = { perStream: 16 * 1024 * 1024, total: 64 * 1024 * 1024 } as const;

const whitespace = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
/** ( ) < > [ ] { } / % */
const delimiters = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);
const isRegular = (byte: number) => !whitespace.has(byte) && !delimiters.has(byte);
const ws = '[\\0\\t\\n\\f\\r ]';

function hexValue(byte: number | undefined): number {
  if (byte === undefined) return -1;
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57;
  return -1;
}

/** Every name token in `bytes`, `#xx` escapes decoded (so `/J#61vaScript` is `JavaScript`). */
function* namesIn(bytes: Buffer): Generator<string> {
  for (let index = 0; index < bytes.length; index++) {
    if (bytes[index] !== 0x2f) continue;
    let end = index + 1;
    while (end < bytes.length && isRegular(bytes[end] ?? 0)) end++;
    const raw = bytes.subarray(index + 1, end);
    if (!raw.includes(0x23)) yield raw.toString('latin1');
    else {
      const decoded: number[] = [];
      for (let at = 0; at < raw.length; at++) {
        const high = hexValue(raw[at + 1]);
        const low = hexValue(raw[at + 2]);
        if (raw[at] === 0x23 && high >= 0 && low >= 0) {
          decoded.push(high * 16 + low);
          at += 2;
        } else decoded.push(raw[at] ?? 0);
      }
      yield Buffer.from(decoded).toString('latin1');
    }
    index = end - 1;
  }
}

function firstRefusedName(bytes: Buffer): string | null {
  for (const name of namesIn(bytes)) if (refusedNames.has(name)) return name;
  return null;
}

/** What the screen needs from a stream's dictionary. */
interface StreamDictionary {
  length: number | { object: string } | null;
  filters: string[];
  isObjectStream: boolean;
  hasPredictor: boolean;
}

/**
 * Reads the dictionary text just before a `stream` keyword. Not a full parser: the last
 * value of each key wins, which is the stream's own when the slice starts inside an older object.
 */
function readStreamDictionary(text: string): StreamDictionary {
  const tokens = text.match(/\/[^\0\t\n\f\r ()<>[\]{}/%]*|<<|>>|\[|\]|[+-]?\d+|R\b/g) ?? [];
  const names = tokens.map((token) => (token.startsWith('/') ? [...namesIn(Buffer.from(token, 'latin1'))][0] : undefined));
  const result: StreamDictionary = { length: null, filters: [], isObjectStream: false, hasPredictor: false };
  const keys = new Set<string>();
  for (let index = 0; index < tokens.length; index++) {
    const name = names[index];
    if (name === undefined) continue;
    keys.add(name);
    const next = tokens[index + 1];
    if (name === 'Length' && next && /^\d+$/.test(next)) {
      const generation = tokens[index + 2];
      result.length =
        tokens[index + 3] === 'R' && generation && /^\d+$/.test(generation) ? { object: `${next} ${generation}` } : Number(next);
    } else if (name === 'Filter') {
      if (next === '[') {
        const filters: string[] = [];
        for (let at = index + 2; at < tokens.length && tokens[at] !== ']'; at++) filters.push(names[at] ?? '?');
        result.filters = filters;
      } else result.filters = [names[index + 1] ?? '?'];
    } else if (name === 'Type' && names[index + 1] === 'ObjStm') result.isObjectStream = true;
    else if (name === 'Predictor' && next && Number(next) > 1) result.hasPredictor = true;
  }
  // An object stream is read through its /N and /First whatever its /Type says.
  if (keys.has('N') && keys.has('First')) result.isObjectStream = true;
  return result;
}

interface StreamSpan {
  dataStart: number;
  dataEnd: number;
  dictionary: StreamDictionary;
}

/** A number starts at a digit that follows no digit: matching from inside a digit run is what went quadratic. */
const integerObject = new RegExp(`(?<![0-9])(\\d+)${ws}+(\\d+)${ws}+obj${ws}*(\\d+)${ws}*endobj`, 'g');
const endstreamNext = new RegExp(`^${ws}*endstream`);
/** How far back from `stream` its object's `obj` is looked for. */
const dictionaryWindow = 65_536;

/**
 * Finds each stream's data. A direct or resolvable /Length is trusted only when `endstream`
 * follows it; otherwise the data runs to the next `endstream`. Each stream's dictionary is
 * looked for after the previous stream's end and within a window, so the work stays linear in
 * the file's size however many streams it holds.
 */
function findStreams(text: string): StreamSpan[] {
  const integerObjects = new Map<string, number>();
  for (const match of text.matchAll(integerObject)) integerObjects.set(`${match[1]} ${match[2]}`, Number(match[3]));

  const spans: StreamSpan[] = [];
  const streamKeyword = new RegExp(`>>${ws}*stream(\\r\\n|\\n|\\r)`, 'g');
  let previousEnd = 0;
  for (let match = streamKeyword.exec(text); match; match = streamKeyword.exec(text)) {
    const dictionaryEnd = match.index + 2;
    const windowStart = Math.max(previousEnd, match.index - dictionaryWindow);
    const objectAt = text.slice(windowStart, match.index).lastIndexOf('obj');
    const dictionaryStart = objectAt >= 0 ? windowStart + objectAt + 3 : Math.max(windowStart, match.index - 4096);
    const dictionary = readStreamDictionary(text.slice(dictionaryStart, dictionaryEnd));
    const dataStart = match.index + match[0].length;
    const declared =
      typeof dictionary.length === 'object' && dictionary.length ? integerObjects.get(dictionary.length.object) : dictionary.length;
    let dataEnd: number;
    if (
      typeof declared === 'number' &&
      dataStart + declared <= text.length &&
      endstreamNext.test(text.slice(dataStart + declared, dataStart + declared + 64))
    )
      dataEnd = dataStart + declared;
    else {
      const next = text.indexOf('endstream', dataStart);
      if (next < 0) break;
      dataEnd = next;
      if (text[dataEnd - 1] === '\n') dataEnd--;
      if (text[dataEnd - 1] === '\r') dataEnd--;
      dataEnd = Math.max(dataStart, dataEnd);
    }
    spans.push({ dataStart, dataEnd, dictionary });
    const endstream = text.indexOf('endstream', dataEnd);
    previousEnd = endstream < 0 ? text.length : endstream + 'endstream'.length;
    streamKeyword.lastIndex = previousEnd;
  }
  return spans;
}

/** `12 0 obj`: the start of an indirect object. */
const objectHeader = new RegExp(`(?<![0-9])\\d+${ws}+\\d+${ws}+obj(?![^\\0\\t\\n\\f\\r ()<>[\\]{}/%])`);

/**
 * Accepts only a complete PDF (`%PDF-` header, `startxref` and `%%EOF` trailer) with no
 * active content. Names are looked for everywhere outside stream data and inside every object
 * stream, decompressed. The data of other streams (images, fonts, page contents) holds no
 * dictionaries a reader would act on and is not searched for names: a random `/JS` or `/AA` in
 * compressed data means nothing, and would refuse some 3 in 100 innocent 5 MB files. Anything after
 * the last `%%EOF` is dropped.
 *
 * A screen, not a parser: serve the stored PDF as a download (Content-Disposition: attachment)
 * and never render it in the platform's own origin.
 */
export function screenPdf(bytes: Buffer): { ok: true; bytes: Buffer } | RefusedUpload {
  const whole = bytes.toString('latin1');
  if (!/^%PDF-[12]\.\d/.test(whole.slice(0, 8))) return refuse('undecodable', 'no PDF header');

  let end = -1;
  const trailer = new RegExp(`startxref${ws}+\\d+${ws}*$`);
  for (let at = whole.lastIndexOf('%%EOF'); at > 0; at = whole.lastIndexOf('%%EOF', at - 1)) {
    if (trailer.test(whole.slice(Math.max(0, at - 64), at))) {
      end = at + 5;
      break;
    }
  }
  if (end < 0) return refuse('undecodable', 'no startxref … %%EOF trailer');
  if (whole[end] === '\r') end++;
  if (whole[end] === '\n') end++;
  const kept = bytes.subarray(0, end);
  const text = whole.slice(0, end);

  let outsideFrom = 0;
  let inflated = 0;
  const streams = findStreams(text);
  for (const stream of [...streams, null]) {
    const outside = kept.subarray(outsideFrom, stream ? stream.dataStart : kept.length);
    const found = firstRefusedName(outside);
    if (found) return refuse('unsafeContent', `PDF name /${found} (${refusedNames.get(found)})`);
    if (!stream) break;
    outsideFrom = stream.dataEnd;

    const data = kept.subarray(stream.dataStart, stream.dataEnd);
    // Compressed or binary data never spells an object header; one there is an object placed
    // where only a reader following the cross-reference table would find it.
    if (objectHeader.test(text.slice(stream.dataStart, stream.dataEnd)))
      return refuse('unsafeContent', 'PDF object hidden inside stream data');
    if (!stream.dictionary.isObjectStream) continue;

    const { filters, hasPredictor } = stream.dictionary;
    let objects = data;
    if (filters.length === 1 && filters[0] === 'FlateDecode' && !hasPredictor) {
      try {
        objects = inflateSync(data, { maxOutputLength: inflateLimits.perStream, finishFlush: constants.Z_SYNC_FLUSH });
      } catch (error) {
        const isBomb = (error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE';
        return refuse('unsafeContent', isBomb ? 'PDF object stream expands past the limit' : 'PDF object stream does not decompress');
      }
      inflated += objects.length;
      if (inflated > inflateLimits.total) return refuse('unsafeContent', 'PDF object streams expand past the limit');
    } else if (filters.length > 0 || hasPredictor)
      return refuse(
        'unsafeContent',
        `PDF object stream encoded as ${filters.join(' + ') || 'raw'}${hasPredictor ? ' with a predictor' : ''}`,
      );

    const hidden = firstRefusedName(objects);
    if (hidden) return refuse('unsafeContent', `PDF name /${hidden} (${refusedNames.get(hidden)}) inside an object stream`);
  }
  return { ok: true, bytes: Buffer.from(kept) };
}
