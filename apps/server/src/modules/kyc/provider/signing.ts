import { createHmac, timingSafeEqual } from 'node:crypto';

export type HmacAlgorithm = 'sha1' | 'sha256' | 'sha512';

/** Lower-case hex HMAC of the parts, fed in order as bytes (strings as UTF-8). */
export function hmacHex(algorithm: HmacAlgorithm, secret: string | Buffer, ...parts: ReadonlyArray<string | Buffer>): string {
  const mac = createHmac(algorithm, secret);
  for (const part of parts) mac.update(part);
  return mac.digest('hex');
}

/**
 * Whether `given` is the hex MAC `expected`, compared in constant time. Anything that is not
 * hex of the right length is refused before comparing (its length is no secret).
 */
export function isSameHexMac(expected: string, given: string | undefined): boolean {
  if (given === undefined || given.length !== expected.length || !/^[0-9a-fA-F]+$/.test(given)) return false;
  return timingSafeEqual(Buffer.from(expected, 'hex'), Buffer.from(given.toLowerCase(), 'hex'));
}

/** Unix seconds of a header like `x-…-timestamp`, or null when it is not a plain decimal. */
export function unixSecondsOf(text: string | undefined): number | null {
  if (text === undefined || !/^\d{1,12}$/.test(text)) return null;
  return Number(text);
}

export const unixSeconds = (date: Date): number => Math.floor(date.getTime() / 1000);
