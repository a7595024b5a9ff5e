/**
 * Just enough of multipart/form-data (RFC 7578) for the sandbox's hosted page: a form a
 * browser sends with a few text fields and files, the whole body already in memory (the
 * route's body limit caps it). Anything unexpected answers null rather than a guess.
 */

export interface MultipartFile {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

export interface MultipartForm {
  fields: Map<string, string>;
  files: Map<string, MultipartFile>;
}

const maxParts = 12;
const maxHeaderBytes = 2048;
const crlf = Buffer.from('\r\n');
const headerEnd = Buffer.from('\r\n\r\n');

/** The boundary of a `multipart/form-data` content type, or null. */
export function boundaryOf(contentType: string | undefined): string | null {
  if (contentType === undefined) return null;
  const [type, ...parameters] = contentType.split(';');
  if (type?.trim().toLowerCase() !== 'multipart/form-data') return null;
  for (const parameter of parameters) {
    const match = /^\s*boundary=(?:"([^"]{1,70})"|([^\s";]{1,70}))\s*$/i.exec(parameter);
    if (match) return match[1] ?? match[2] ?? null;
  }
  return null;
}

function dispositionOf(headers: string): { name: string; filename: string | null; contentType: string } | null {
  let disposition: string | null = null;
  let contentType = 'text/plain';
  for (const line of headers.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) return null;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'content-disposition') disposition = value;
    else if (name === 'content-type') contentType = value;
  }
  if (disposition === null || !/^form-data\s*(;|$)/i.test(disposition)) return null;
  const parameters = new Map<string, string>();
  for (const match of disposition.matchAll(/;\s*([a-z*]+)="((?:[^"\\\r\n]|\\.)*)"/gi)) {
    parameters.set((match[1] ?? '').toLowerCase(), (match[2] ?? '').replace(/\\(.)/g, '$1'));
  }
  const name = parameters.get('name');
  if (name === undefined || name === '') return null;
  return { name, filename: parameters.get('filename') ?? null, contentType };
}

export function parseMultipart(body: Buffer, boundary: string): MultipartForm | null {
  const delimiter = Buffer.from(`--${boundary}`);
  const nextDelimiter = Buffer.from(`\r\n--${boundary}`);
  const form: MultipartForm = { fields: new Map(), files: new Map() };
  let position = body.indexOf(delimiter);
  if (position < 0) return null;
  for (let parts = 0; ; parts += 1) {
    const afterDelimiter = position + delimiter.length;
    if (body.subarray(afterDelimiter, afterDelimiter + 2).toString('latin1') === '--') return form;
    if (parts >= maxParts || !body.subarray(afterDelimiter, afterDelimiter + 2).equals(crlf)) return null;
    const headersStart = afterDelimiter + 2;
    const headersEnd = body.indexOf(headerEnd, headersStart);
    if (headersEnd < 0 || headersEnd - headersStart > maxHeaderBytes) return null;
    const part = dispositionOf(body.subarray(headersStart, headersEnd).toString('utf8'));
    const contentStart = headersEnd + headerEnd.length;
    const contentEnd = body.indexOf(nextDelimiter, contentStart);
    if (part === null || contentEnd < 0) return null;
    if (form.fields.has(part.name) || form.files.has(part.name)) return null;
    const content = body.subarray(contentStart, contentEnd);
    if (part.filename === null) form.fields.set(part.name, content.toString('utf8'));
    else form.files.set(part.name, { filename: part.filename, contentType: part.contentType, bytes: content });
    position = contentEnd + crlf.length;
  }
}

/** The sandbox's checks of one uploaded image, as a provider would make them before looking at it. */
export type ImageCheck = 'ok' | 'missing' | 'empty' | 'tooLarge' | 'notImage';

export const sandboxImageMaxBytes = 5 * 1024 * 1024;

const jpegMagic = Buffer.from([0xff, 0xd8, 0xff]);
const pngMagic = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export function checkImage(file: MultipartFile | undefined): ImageCheck {
  // A browser sends a file input left empty as a part with no file name and no bytes.
  if (file === undefined || (file.filename === '' && file.bytes.length === 0)) return 'missing';
  if (file.bytes.length === 0) return 'empty';
  if (file.bytes.length >= sandboxImageMaxBytes) return 'tooLarge';
  const isJpeg = file.bytes.subarray(0, jpegMagic.length).equals(jpegMagic);
  const isPng = file.bytes.subarray(0, pngMagic.length).equals(pngMagic);
  return isJpeg || isPng ? 'ok' : 'notImage';
}
