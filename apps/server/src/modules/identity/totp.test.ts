import { createHmac } from 'node:crypto';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { createTotpSecret, matchTotpStep, totpCode } from './totp';

/** Base32 of the RFC 6238 SHA-1 seed "12345678901234567890". */
const rfcSecret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('matches the RFC 6238 vector at T=%i', async (epoch, expected) => {
    expect(await generate({ secret: rfcSecret, epoch, digits: 8 })).toBe(expected);
  });

  it('gives 6-digit codes that match an independent HMAC-SHA-1 computation', async () => {
    const epoch = 1_795_000_000;
    const counter = Buffer.alloc(8);
    counter.writeBigUInt64BE(BigInt(Math.floor(epoch / 30)));
    const digest = createHmac('sha1', Buffer.from('12345678901234567890')).update(counter).digest();
    const offset = digest[19]! & 0xf;
    const binary = (digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000;
    expect(await totpCode(rfcSecret, epoch * 1000)).toBe(String(binary).padStart(6, '0'));
  });

  it('accepts the previous, current and next step only', async () => {
    const now = 1_795_000_015_000;
    const step = Math.floor(now / 30_000);
    for (const offset of [-1, 0, 1]) {
      const code = await totpCode(rfcSecret, now + offset * 30_000);
      expect(await matchTotpStep(rfcSecret, code, now)).toBe(step + offset);
    }
    for (const offset of [-3, 3]) {
      expect(await matchTotpStep(rfcSecret, await totpCode(rfcSecret, now + offset * 30_000), now)).toBeNull();
    }
    expect(await matchTotpStep(rfcSecret, 'abcdef', now)).toBeNull();
  });

  it('makes 32-character base32 secrets', () => {
    const secret = createTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(createTotpSecret()).not.toBe(secret);
  });
});
