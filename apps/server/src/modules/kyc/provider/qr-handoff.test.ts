import { describe, expect, it } from 'vitest';
import { createQrHandoff } from './qr-handoff';

const handoff = createQrHandoff({ secret: 'qr-handoff-secret-for-tests-0123456789' });
const now = new Date('2026-11-23T10:00:00.000Z');

describe('QR hand-off tokens', () => {
  it('a fresh token answers the customer and session it was issued for, until it expires', () => {
    const token = handoff.issue('cust-7f3a', 'sbx_0123456789abcdef0123456789abcdef', now);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(handoff.verify(token, new Date(now.getTime() + 299_000))).toEqual({
      ok: true,
      customerRef: 'cust-7f3a',
      sessionId: 'sbx_0123456789abcdef0123456789abcdef',
      expiresAt: new Date(now.getTime() + 300_000),
    });
  });

  it('an expired token is refused, at its expiry and after', () => {
    const token = handoff.issue('cust-7f3a', 'session-1', now, 60);
    expect(handoff.verify(token, new Date(now.getTime() + 60_000))).toEqual({ ok: false, reason: 'expired' });
    expect(handoff.verify(token, new Date(now.getTime() + 3_600_000))).toEqual({ ok: false, reason: 'expired' });
  });

  it('a tampered token, another secret’s token and garbage are refused', () => {
    const token = handoff.issue('cust-7f3a', 'session-1', now);
    const [payload, mac] = token.split('.') as [string, string];
    const forgedPayload = Buffer.from(JSON.stringify({ c: 'cust-other', s: 'session-1', e: 9_999_999_999 })).toString('base64url');
    expect(handoff.verify(`${forgedPayload}.${mac}`, now)).toEqual({ ok: false, reason: 'badSignature' });
    const flipped = `${mac.startsWith('A') ? 'B' : 'A'}${mac.slice(1)}`;
    expect(handoff.verify(`${payload}.${flipped}`, now)).toEqual({ ok: false, reason: 'badSignature' });

    const other = createQrHandoff({ secret: 'another-secret-of-at-least-32-bytes!!' });
    expect(handoff.verify(other.issue('cust-7f3a', 'session-1', now), now)).toEqual({ ok: false, reason: 'badSignature' });

    for (const garbage of ['', 'abc', `${payload}.`, `${payload}.${mac}.x`, 'a'.repeat(2000)]) {
      expect(handoff.verify(garbage, now)).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('refuses a weak secret and a silly lifetime', () => {
    expect(() => createQrHandoff({ secret: 'short' })).toThrow(/at least 32 bytes/);
    expect(() => handoff.issue('c', 's', now, 0)).toThrow(RangeError);
    expect(() => handoff.issue('c', 's', now, 7200)).toThrow(RangeError);
  });
});
