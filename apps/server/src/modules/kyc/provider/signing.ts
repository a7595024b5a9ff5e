import { createHmac } from 'node:crypto';
import { constantTimeEqual } from '../../../platform/security/crypto';

export type HmacAlgorithm = 'sha1' | 'sha256' | 'sha512';

/** Lower-case hex HMAC of the parts, fed in order as bytes (strings as UTF-8). */
export function hmacHex(algorithm: HmacAlgorithm, secret: string | Buffer, ...parts: ReadonlyArray<string | Buffer>): string {
  const mac = createHmac(algorithm, secret);
  for (const part of parts) mac.update(part);
  return mac.digest('hex');
}

/**
 * Whether `given` is the lower-case hex MAC `expected` (in either case), compared in constant
 * time; a missing header or anything of another length is refused (its length is no secret).
 */
export function isSameHexMac(expected: string, given: string | undefined): boolean {
  return given !== undefined && constantTimeEqual(expected, given.toLowerCase());
}

/** Unix seconds of a header like `x-…-timestamp`, or null when it is not a plain decimal. */
export function unixSecondsOf(text: string | undefined): number | null {
  if (text === undefined || !/^\d{1,12}$/.test(text)) return null;
  return Number(text);
}

export const unixSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);
