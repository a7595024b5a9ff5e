/**
 * Signed API requests (issue 16): the canonical string a customer's Ed25519 key signs, shared
 * by the server that verifies it, `packages/client` that signs it and the `/docs` worked example.
 *
 * A request made with an API key carries four headers:
 *
 * - `X-ACCESS-KEY`: the key's access key (public key ID) Coffer answered at creation;
 * - `X-TIMESTAMP`: milliseconds since the Unix epoch, decimal; refused outside ±30 s of the server's clock;
 * - `X-NONCE`: 16–64 characters of `A–Z a–z 0–9 _ -`, never used again by the same key within the window;
 * - `X-SIGNATURE`: base64 of the Ed25519 signature over the UTF-8 bytes of the canonical string.
 *
 * The canonical string is six lines joined by `\n` (no line break after the last):
 *
 * ```
 * METHOD              upper case: GET, POST, PUT, DELETE
 * PATH                the path as sent, before any `?` (e.g. /trade/v1/quote)
 * QUERY               the query's name=value pairs, each name and value decoded and then
 *                     percent-encoded as RFC 3986 unreserved (A–Z a–z 0–9 - . _ ~ kept, every
 *                     other byte of its UTF-8 as %XX upper case), sorted by name then value,
 *                     joined by &; empty when there is no query
 * BODY-SHA256         lower-case hex SHA-256 of the raw body bytes (of no bytes when there is no body)
 * TIMESTAMP           the X-TIMESTAMP value
 * NONCE               the X-NONCE value
 * ```
 */

export const apiSigningHeaders = {
  accessKey: 'x-access-key',
  timestamp: 'x-timestamp',
  nonce: 'x-nonce',
  signature: 'x-signature',
} as const;

/** How far a request's timestamp may be from the server's clock, either way. */
export const apiTimestampWindowMs = 30_000;

export const apiNoncePattern = /^[A-Za-z0-9_-]{16,64}$/;

/** SHA-256 of no bytes, the BODY-SHA256 line of a request without a body. */
export const emptyBodySha256 = 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855';

/** RFC 3986 percent-encoding of a decoded name or value (unreserved characters kept). */
export function encodeQueryPart(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
}

function decodeQueryPart(text: string): string {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    // Not valid percent-encoding: signed as sent, so a malformed query can only fail to verify.
    return text;
  }
}

/** The QUERY line from the raw query string (without the `?`), as sent. */
export function canonicalQuery(rawQuery: string): string {
  if (rawQuery === '') return '';
  const pairs = rawQuery
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const equals = part.indexOf('=');
      const name = equals < 0 ? part : part.slice(0, equals);
      const value = equals < 0 ? '' : part.slice(equals + 1);
      return [encodeQueryPart(decodeQueryPart(name)), encodeQueryPart(decodeQueryPart(value))] as const;
    });
  pairs.sort(([nameA, valueA], [nameB, valueB]) =>
    nameA < nameB ? -1 : nameA > nameB ? 1 : valueA < valueB ? -1 : valueA > valueB ? 1 : 0,
  );
  return pairs.map(([name, value]) => `${name}=${value}`).join('&');
}

export interface SignedRequestParts {
  method: string;
  /** The request target as sent: path and optional `?query`. */
  url: string;
  bodySha256Hex: string;
  timestamp: string;
  nonce: string;
}

/** The canonical string of a request: what its `X-SIGNATURE` signs. */
export function canonicalRequestString(parts: SignedRequestParts): string {
  const questionMark = parts.url.indexOf('?');
  const path = questionMark < 0 ? parts.url : parts.url.slice(0, questionMark);
  const query = questionMark < 0 ? '' : parts.url.slice(questionMark + 1);
  return [parts.method.toUpperCase(), path, canonicalQuery(query), parts.bodySha256Hex.toLowerCase(), parts.timestamp, parts.nonce].join(
    '\n',
  );
}
