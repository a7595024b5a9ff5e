import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { unixSeconds } from './signing';

/**
 * "Face recognition by QR code": the desktop shows a QR code whose URL carries a short-lived
 * token; the phone that scans it continues the same provider session for the same customer.
 * The token is `<payload>.<mac>`, both base64url: the payload holds the customer ref, the
 * session id and the expiry (readable, not secret), the MAC (HMAC-SHA256 under the hand-off
 * secret) makes it unforgeable. Tokens are not single-use here: the caller that redeems one
 * records that it did, if it must be used once.
 */
export interface QrHandoff {
  issue(customerRef: string, sessionId: string, now: Date, ttlSeconds?: number): string;
  verify(token: string, now: Date): QrHandoffCheck;
}

export type QrHandoffCheck =
  { ok: true; customerRef: string; sessionId: string; expiresAt: Date } | { ok: false; reason: 'malformed' | 'badSignature' | 'expired' };

const purpose = 'coffer.kyc.qr-handoff.v1';
const maxTokenLength = 1024;
const maxTtlSeconds = 3600;
const tokenPattern = /^([A-Za-z0-9_-]{1,900})\.([A-Za-z0-9_-]{43})$/;

const payloadSchema = z
  .object({
    c: z.string().min(1).max(256),
    s: z.string().min(1).max(256),
    e: z.number().int().positive(),
  })
  .strict();

export function createQrHandoff(options: { secret: string | Buffer }): QrHandoff {
  if (Buffer.byteLength(options.secret) < 32) throw new Error('The QR hand-off secret must be at least 32 bytes');
  const macOf = (payload: string) => createHmac('sha256', options.secret).update(`${purpose}.${payload}`).digest();

  return {
    issue(customerRef, sessionId, now, ttlSeconds = 300) {
      if (!Number.isInteger(ttlSeconds) || ttlSeconds < 1 || ttlSeconds > maxTtlSeconds)
        throw new RangeError(`ttlSeconds must be a whole number of seconds from 1 to ${maxTtlSeconds}`);
      const payload = Buffer.from(JSON.stringify({ c: customerRef, s: sessionId, e: unixSeconds(now) + ttlSeconds })).toString('base64url');
      if (payload.length > 900) throw new RangeError('customerRef and sessionId are too long for a QR hand-off token');
      return `${payload}.${macOf(payload).toString('base64url')}`;
    },

    verify(token, now) {
      const match = token.length <= maxTokenLength ? tokenPattern.exec(token) : null;
      if (!match) return { ok: false, reason: 'malformed' };
      const [, payload = '', mac = ''] = match;
      const given = Buffer.from(mac, 'base64url');
      const expected = macOf(payload);
      // Equal lengths by the pattern (43 characters = 32 bytes); compared in constant time.
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { ok: false, reason: 'badSignature' };
      let decoded: unknown;
      try {
        decoded = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        return { ok: false, reason: 'malformed' };
      }
      const fields = payloadSchema.safeParse(decoded);
      if (!fields.success) return { ok: false, reason: 'malformed' };
      if (unixSeconds(now) >= fields.data.e) return { ok: false, reason: 'expired' };
      return { ok: true, customerRef: fields.data.c, sessionId: fields.data.s, expiresAt: new Date(fields.data.e * 1000) };
    },
  };
}
