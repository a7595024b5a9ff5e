import { generateKeyPairSync } from 'node:crypto';
import { apiSigningExample } from '@coffer/contract/api-signing-example';
import { describe, expect, it } from 'vitest';
import { CofferKeyError } from './errors';
import { ed25519PublicKeyFrom, ed25519SecretKeyFrom } from './keys';

/** A fresh Ed25519 pair from node:crypto: its PKCS#8 PEM, 32-byte seed and raw public key. */
function freshPair() {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const der = privateKey.export({ format: 'der', type: 'pkcs8' });
  return {
    pem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
    der,
    seed: der.subarray(-32),
    spkiPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(),
    spkiBase64: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    raw: publicKey.export({ format: 'der', type: 'spki' }).subarray(-32),
  };
}

describe('private keys', () => {
  it('reads the seed of a PKCS#8 PEM as openssl genpkey prints it', () => {
    const pair = freshPair();
    expect(Buffer.from(ed25519SecretKeyFrom(pair.pem)).equals(pair.seed)).toBe(true);
    expect(Buffer.from(ed25519SecretKeyFrom(`\n  ${pair.pem}\n`)).equals(pair.seed)).toBe(true);
    expect(Buffer.from(ed25519SecretKeyFrom(apiSigningExample.privateKeyPem)).toString('hex')).toBe(
      '96a3fa998897f8ea53e988e3308c5793c6dd25402035bbd4d0a36932f9d2715a',
    );
  });

  it('reads the seed as 64 hex characters (either case), base64 of the seed or of the DER, and bytes', () => {
    const pair = freshPair();
    const hex = pair.seed.toString('hex');
    for (const key of [
      hex,
      hex.toUpperCase(),
      pair.seed.toString('base64'),
      pair.der.toString('base64'),
      new Uint8Array(pair.seed),
      new Uint8Array(pair.der),
    ]) {
      expect(Buffer.from(ed25519SecretKeyFrom(key)).equals(pair.seed)).toBe(true);
    }
  });

  it('refuses RSA, EC, encrypted and public PEMs, and garbage, with a CofferKeyError', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    const encrypted = generateKeyPairSync('ed25519')
      .privateKey.export({ format: 'pem', type: 'pkcs8', cipher: 'aes-256-cbc', passphrase: 'secret' })
      .toString();
    const x25519 = generateKeyPairSync('x25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    for (const key of [rsa, ec, encrypted, x25519, freshPair().spkiPem, 'abc', '', 'zz'.repeat(32), new Uint8Array(31)]) {
      expect(() => ed25519SecretKeyFrom(key)).toThrow(CofferKeyError);
    }
    expect(() => ed25519SecretKeyFrom(encrypted)).toThrow(/ENCRYPTED PRIVATE KEY/);
    expect(() => ed25519SecretKeyFrom(rsa)).toThrow(/not an Ed25519 PKCS#8 key/);
  });
});

describe('platform public keys', () => {
  it('reads SPKI base64 (as Coffer answers it), SPKI PEM, raw base64, hex and bytes', () => {
    const pair = freshPair();
    for (const key of [pair.spkiBase64, pair.spkiPem, pair.raw.toString('base64'), pair.raw.toString('hex'), new Uint8Array(pair.raw)]) {
      expect(Buffer.from(ed25519PublicKeyFrom(key)).equals(pair.raw)).toBe(true);
    }
  });

  it('refuses other keys and garbage', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
    for (const key of [rsa, 'not a key at all, clearly', new Uint8Array(33)]) {
      expect(() => ed25519PublicKeyFrom(key)).toThrow(CofferKeyError);
    }
  });
});
