import { createPrivateKey, createPublicKey, hkdfSync, sign, type KeyObject } from 'node:crypto';

/** DER prefix of an Ed25519 PKCS#8 private key (RFC 8410); the 32-byte seed follows it. */
const pkcs8Ed25519Prefix = Buffer.from('302e020100300506032b657004220420', 'hex');

/** Coffer's Ed25519 key pair that signs its answers to API key requests (issue 16). */
export interface PlatformSigningKey {
  /** SubjectPublicKeyInfo DER in base64: what customers verify with (the only half that leaves). */
  publicKeySpkiBase64: string;
  publicKey: KeyObject;
  /** Ed25519 over the message itself (no pre-hash). */
  sign(message: string | Buffer): Buffer;
  /** The same signature made on libuv's thread pool, off the event loop (the per-answer path). */
  signOffLoop(message: string | Buffer): Promise<Buffer>;
}

/**
 * One key pair derived from the server secret (HKDF-SHA256, its own label): every node of a
 * deployment derives the same pair, so a signature verifies whichever node answered, and no
 * private key is ever stored. Rotating the server secret rotates this key.
 */
export function derivePlatformSigningKey(serverKey: Buffer): PlatformSigningKey {
  const seed = Buffer.from(hkdfSync('sha256', serverKey, Buffer.alloc(0), 'coffer platform api signing key v1', 32));
  const privateKey = createPrivateKey({ key: Buffer.concat([pkcs8Ed25519Prefix, seed]), format: 'der', type: 'pkcs8' });
  const publicKey = createPublicKey(privateKey);
  const bytesOf = (message: string | Buffer) => (typeof message === 'string' ? Buffer.from(message, 'utf8') : message);
  return {
    publicKeySpkiBase64: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    publicKey,
    sign: (message) => sign(null, bytesOf(message), privateKey),
    signOffLoop: (message) =>
      new Promise((resolve, reject) => {
        sign(null, bytesOf(message), privateKey, (error, signature) => (error ? reject(error) : resolve(signature)));
      }),
  };
}
