import { createHash, generateKeyPairSync, sign, verify } from 'node:crypto';
import { apiNoncePattern, canonicalRequestString } from '@coffer/contract/api-signing';
import { describe, expect, it } from 'vitest';
import { ed25519SecretKeyFrom } from './keys';
import { createNonce, signedRequestHeaders, verifyResponseSignature } from './signing';

const customer = generateKeyPairSync('ed25519');
const secretKey = ed25519SecretKeyFrom(customer.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString());

describe('request signatures', () => {
  const requests = [
    { method: 'GET', url: '/wallet/client/head-asset', body: '' },
    { method: 'GET', url: '/trade/api/orders?status=completed&pair=BTC%2FUSDT&pageSize=5', body: '' },
    { method: 'POST', url: '/trade/api/quote', body: '{"pair":"BTC/USDT","side":"buy","amount":"10","amountCoin":"USDT"}' },
    { method: 'POST', url: '/wallet/client/withdraw/USDT/eth', body: '{"address":"0xabc","label":"café 中文 ✓","amount":"1.5"}' },
  ];

  it.each(requests)('$method $url verifies with node:crypto over the contract canonical string', ({ method, url, body }) => {
    const bytes = new TextEncoder().encode(body);
    const headers = signedRequestHeaders(secretKey, 'AK1', {
      method,
      url,
      body: bytes,
      timestamp: '1767323045678',
      nonce: 'abcdefghijklmnop',
    });
    expect(headers).toMatchObject({ 'x-access-key': 'AK1', 'x-timestamp': '1767323045678', 'x-nonce': 'abcdefghijklmnop' });
    const canonical = canonicalRequestString({
      method,
      url,
      bodySha256Hex: createHash('sha256').update(bytes).digest('hex'),
      timestamp: '1767323045678',
      nonce: 'abcdefghijklmnop',
    });
    const signature = Buffer.from(headers['x-signature']!, 'base64');
    expect(signature).toHaveLength(64);
    expect(verify(null, Buffer.from(canonical, 'utf8'), customer.publicKey, signature)).toBe(true);
    // Any changed part of the string fails.
    expect(verify(null, Buffer.from(canonical.replace('1767323045678', '1767323045679'), 'utf8'), customer.publicKey, signature)).toBe(
      false,
    );
  });

  it('makes nonces of 24 URL-safe characters, never the same twice', () => {
    const nonces = Array.from({ length: 2000 }, () => createNonce());
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(nonce).toMatch(apiNoncePattern);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
    // Every one of the 64 symbols turns up: the alphabet is fully used.
    expect(new Set(nonces.join('')).size).toBe(64);
  });
});

describe('response signatures', () => {
  const platform = generateKeyPairSync('ed25519');
  const platformRaw = new Uint8Array(platform.publicKey.export({ format: 'der', type: 'spki' }).subarray(-32));
  const body = Buffer.from('{"code":0,"msg":"success","data":{"total":"1"}}');
  const signed = (status: number, nonce: string, timestamp: string, bytes: Buffer, key = platform.privateKey) =>
    sign(null, Buffer.from(`${status}\n${nonce}\n${timestamp}\n${createHash('sha256').update(bytes).digest('hex')}`), key).toString(
      'base64',
    );
  const good = { status: 200, requestNonce: 'nonce-000000000001', timestamp: '1767323045999', body: new Uint8Array(body) };

  it('verifies an answer signed over status, request nonce, timestamp and body hash', () => {
    expect(verifyResponseSignature(platformRaw, { ...good, signature: signed(200, good.requestNonce, good.timestamp, body) })).toBe(true);
  });

  it('refuses a changed body, status, nonce or timestamp, another key, and a malformed signature', () => {
    const signature = signed(200, good.requestNonce, good.timestamp, body);
    const tampered = new Uint8Array(Buffer.from(body.toString().replace('"1"', '"2"')));
    expect(verifyResponseSignature(platformRaw, { ...good, body: tampered, signature })).toBe(false);
    expect(verifyResponseSignature(platformRaw, { ...good, status: 201, signature })).toBe(false);
    expect(verifyResponseSignature(platformRaw, { ...good, requestNonce: 'nonce-000000000002', signature })).toBe(false);
    expect(verifyResponseSignature(platformRaw, { ...good, timestamp: '1767323046000', signature })).toBe(false);
    const stranger = generateKeyPairSync('ed25519').privateKey;
    expect(
      verifyResponseSignature(platformRaw, { ...good, signature: signed(200, good.requestNonce, good.timestamp, body, stranger) }),
    ).toBe(false);
    expect(verifyResponseSignature(platformRaw, { ...good, signature: 'not base64!' })).toBe(false);
    expect(verifyResponseSignature(platformRaw, { ...good, signature: '' })).toBe(false);
  });
});
