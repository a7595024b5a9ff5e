import { createHash, createPrivateKey, createPublicKey, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ed25519PublicKeyBytes } from './api-key-rules';
import { canonicalQuery, canonicalRequestString } from './api-signing';
import { apiSigningExample, apiSigningQueryExample } from './api-signing-example';

describe('the signed-request worked example of /docs', () => {
  const example = apiSigningExample;

  it('hashes the body bytes and builds the canonical string the rules build', () => {
    expect(createHash('sha256').update(example.body, 'utf8').digest('hex')).toBe(example.bodySha256Hex);
    expect(
      canonicalRequestString({
        method: example.method,
        url: example.url,
        bodySha256Hex: example.bodySha256Hex,
        timestamp: example.timestamp,
        nonce: example.nonce,
      }),
    ).toBe(example.canonicalString);
  });

  it('has a signature that verifies with the public key, and not over a changed string', () => {
    const publicKey = createPublicKey(example.publicKeyPem);
    const signature = Buffer.from(example.signature, 'base64');
    expect(verify(null, Buffer.from(example.canonicalString, 'utf8'), publicKey, signature)).toBe(true);
    expect(verify(null, Buffer.from(example.canonicalString.replace('1767323045678', '1767323045679'), 'utf8'), publicKey, signature)).toBe(
      false,
    );
  });

  it('documents a key pair whose halves match, in the forms a key form accepts', () => {
    const derived = createPublicKey(createPrivateKey(example.privateKeyPem));
    expect(derived.export({ format: 'pem', type: 'spki' })).toBe(example.publicKeyPem);
    expect(
      Buffer.from(derived.export({ format: 'der', type: 'spki' }))
        .subarray(-32)
        .toString('base64'),
    ).toBe(example.publicKeyRaw);
    expect(Buffer.from(ed25519PublicKeyBytes(example.publicKeyPem) ?? []).toString('base64')).toBe(example.publicKeyRaw);
    expect(Buffer.from(ed25519PublicKeyBytes(example.publicKeyRaw) ?? []).toString('base64')).toBe(example.publicKeyRaw);
  });

  it('shows the QUERY line the rules make of its query example', () => {
    expect(canonicalQuery(apiSigningQueryExample.url.split('?')[1]!)).toBe(apiSigningQueryExample.canonicalQuery);
  });
});
