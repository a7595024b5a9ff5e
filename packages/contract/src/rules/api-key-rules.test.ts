import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ed25519PublicKeyBytes, ipAllowed, isValidApiKeyLabel, parseIpRange, parseIpWhitelist } from './api-key-rules';

describe('API key rules (spec §5)', () => {
  it('labels are 1 to 50 characters without control characters', () => {
    expect(isValidApiKeyLabel('a')).toBe(true);
    expect(isValidApiKeyLabel('é'.repeat(50))).toBe(true);
    expect(isValidApiKeyLabel('x'.repeat(51))).toBe(false);
    expect(isValidApiKeyLabel('   ')).toBe(false);
    expect(isValidApiKeyLabel('a\u0000b')).toBe(false);
  });

  it('parses IPv4, IPv6 and CIDR ranges and refuses the rest', () => {
    for (const good of ['1.2.3.4', '10.0.0.0/8', '::1', '2001:db8::/32', 'fe80::1:2', '::ffff:1.2.3.4', '1:2:3:4:5:6:7:8', '0.0.0.0/0'])
      expect(parseIpRange(good), good).not.toBeNull();
    for (const bad of [
      '1.2.3',
      '256.1.1.1',
      '01.2.3.4',
      '1.2.3.4/33',
      '::1/129',
      '1::2::3',
      '1:2:3:4:5:6:7:8:9',
      'host',
      '1.2.3.4/',
      '2001:db8::/0x',
      '',
    ])
      expect(parseIpRange(bad), bad).toBeNull();
  });

  it('takes at most 10 comma-separated entries, duplicates dropped', () => {
    expect(parseIpWhitelist('1.1.1.1, 2.2.2.2,1.1.1.1')).toEqual({ ok: true, entries: ['1.1.1.1', '2.2.2.2'] });
    expect(parseIpWhitelist('')).toEqual({ ok: true, entries: [] });
    expect(parseIpWhitelist(Array.from({ length: 11 }, (_, i) => `10.0.0.${i}`).join(','))).toEqual({ ok: false, reason: 'tooMany' });
    expect(parseIpWhitelist('1.1.1.1,nope')).toEqual({ ok: false, reason: 'invalid' });
    const twenty = Array.from({ length: 20 }, (_, i) => `10.0.0.${i}`);
    expect(parseIpWhitelist(twenty.join(','), 20)).toEqual({ ok: true, entries: twenty });
    expect(parseIpWhitelist([...twenty, '10.0.1.0/24'].join(','), 20)).toEqual({ ok: false, reason: 'tooMany' });
  });

  it('matches client addresses against the ranges', () => {
    expect(ipAllowed('10.1.2.3', ['10.0.0.0/8'])).toBe(true);
    expect(ipAllowed('11.1.2.3', ['10.0.0.0/8'])).toBe(false);
    expect(ipAllowed('::ffff:10.1.2.3', ['10.0.0.0/8'])).toBe(true);
    expect(ipAllowed('2001:db8:1::5', ['2001:db8::/32'])).toBe(true);
    expect(ipAllowed('2001:db9::5', ['2001:db8::/32'])).toBe(false);
    expect(ipAllowed('1.2.3.4', ['1.2.3.4'])).toBe(true);
    expect(ipAllowed('1.2.3.5', ['1.2.3.4'])).toBe(false);
    expect(ipAllowed('::1', ['1.2.3.4'])).toBe(false);
  });

  it('reads an Ed25519 public key as hex, base64, SPKI base64 or PEM and refuses RSA and garbage', () => {
    const { publicKey } = generateKeyPairSync('ed25519');
    const der = publicKey.export({ type: 'spki', format: 'der' });
    const raw = der.subarray(12);
    const pem = publicKey.export({ type: 'spki', format: 'pem' }).toString();
    for (const text of [raw.toString('hex'), raw.toString('base64'), der.toString('base64'), pem])
      expect(Buffer.from(ed25519PublicKeyBytes(text)!).equals(raw), text).toBe(true);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    expect(ed25519PublicKeyBytes(rsa)).toBeNull();
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    expect(ed25519PublicKeyBytes(ec)).toBeNull();
    expect(ed25519PublicKeyBytes('short')).toBeNull();
    expect(ed25519PublicKeyBytes('!'.repeat(44))).toBeNull();
  });
});
