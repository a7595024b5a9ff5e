import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { macOf } from '../../platform/security/crypto';
import { derivedSecret } from './kyc-provider-choice';
import { hmacHex, isSameHexMac } from './provider/signing';

const key = Buffer.alloc(32, 7);

describe('the secrets the kyc module derives from the server key', () => {
  it('stay the bytes stored data was sealed and signed with (files key, QR and sandbox secrets)', () => {
    // Recorded from the first implementation, createHmac('sha256', key).update(`coffer/kyc/${purpose}`).
    expect(derivedSecret(key, 'files')).toBe('81b5764aff978af129ad608c2ba1f2b4f5910b65c5568295fd0f602b361067f1');
    expect(derivedSecret(key, 'qr')).toBe('5e1acba28d3a2531dc2e76f4c7c1af09eeacb7ba5d0882f91818a0cb2faaf941');
    expect(derivedSecret(key, 'sandbox')).toBe('f7e3356b5a10b88766ef1d7d471182f7826f56580ad8f49d1dde7c90648a9f9d');
  });

  it('leaves macOf as it was: purpose, NUL, value', () => {
    expect(macOf(key, 'kyc-id-last6', 'X00T47')).toBe(createHmac('sha256', key).update('kyc-id-last6\0X00T47').digest('hex'));
  });
});

describe('a hex MAC in a header', () => {
  const expected = hmacHex('sha256', 'secret', 'body');

  it('matches in either case, and nothing else', () => {
    expect(isSameHexMac(expected, expected)).toBe(true);
    expect(isSameHexMac(expected, expected.toUpperCase())).toBe(true);
    expect(isSameHexMac(expected, undefined)).toBe(false);
    expect(isSameHexMac(expected, '')).toBe(false);
    expect(isSameHexMac(expected, expected.slice(0, -1))).toBe(false);
    expect(isSameHexMac(expected, `${expected.slice(0, -1)}${expected.endsWith('0') ? '1' : '0'}`)).toBe(false);
    expect(isSameHexMac(expected, `${expected.slice(0, -1)}g`)).toBe(false);
  });
});
