/**
 * Signed answers to signed requests (issue 16): Coffer signs every answer to a request made with an
 * API key, so a customer can tell its data came from Coffer and answers this very request.
 *
 * - `X-COFFER-TIMESTAMP`: milliseconds since the Unix epoch when Coffer signed the answer;
 * - `X-COFFER-SIGNATURE`: base64 of the Ed25519 signature, made with the platform key whose public
 *   half (SPKI, base64) Coffer answers at key creation and by `GET /ak/v1/permission`, over the UTF-8
 *   bytes of the canonical response string: four lines joined by `\n` (no line break after the last)
 *
 * ```
 * STATUS              the HTTP status code, decimal (200)
 * REQUEST-NONCE       the X-NONCE of the request this answers
 * TIMESTAMP           the X-COFFER-TIMESTAMP value
 * BODY-SHA256         lower-case hex SHA-256 of the raw answer body bytes
 * ```
 */

export const apiResponseSigningHeaders = {
  timestamp: 'x-coffer-timestamp',
  signature: 'x-coffer-signature',
} as const;

export interface SignedResponseParts {
  status: number;
  requestNonce: string;
  timestamp: string;
  bodySha256Hex: string;
}

/** The canonical response string: what an answer's `X-COFFER-SIGNATURE` signs. */
export function canonicalResponseString(parts: SignedResponseParts): string {
  return [String(parts.status), parts.requestNonce, parts.timestamp, parts.bodySha256Hex.toLowerCase()].join('\n');
}
