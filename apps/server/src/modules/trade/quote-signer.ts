import { createHash, createPrivateKey, createPublicKey, randomBytes, sign, type KeyObject } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { quoteSigningBytes, type QuoteKey, type SignedQuoteFields } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import { recordSigningKey } from './signing-key.repository';
import { retryingOnce } from '../../platform/process/retrying-once';

/** PKCS#8 wrapping of a raw 32-byte Ed25519 seed (RFC 8410). */
const pkcs8Prefix = Buffer.from('302e020100300506032b657004220420', 'hex');
const seedFileName = 'trade-signing-key';

export interface QuoteSigner {
  keyId: string;
  publicKey: QuoteKey;
  /** Base64 Ed25519 signature over `quoteSigningText(fields)`. */
  sign(fields: Omit<SignedQuoteFields, 'keyId'>): { keyId: string; signature: string };
}

export function signerFromSeed(seed: Buffer): QuoteSigner {
  if (seed.length !== 32) throw new Error('an Ed25519 seed has 32 bytes');
  const privateKey: KeyObject = createPrivateKey({ key: Buffer.concat([pkcs8Prefix, seed]), format: 'der', type: 'pkcs8' });
  const publicKeyObject = createPublicKey(privateKey);
  const raw = publicKeyObject.export({ format: 'der', type: 'spki' }).subarray(-32);
  const keyId = createHash('sha256').update(raw).digest('hex').slice(0, 16);
  return {
    keyId,
    publicKey: {
      keyId,
      algorithm: 'Ed25519',
      publicKey: raw.toString('base64'),
      publicKeyPem: publicKeyObject.export({ format: 'pem', type: 'spki' }).toString(),
    },
    sign(fields) {
      return { keyId, signature: sign(null, quoteSigningBytes({ ...fields, keyId }), privateKey).toString('base64') };
    },
  };
}

/**
 * The quote-signing seed: from the configuration, else generated once and kept in
 * `DATA_DIR/trade-signing-key` (mode 0600). It is never logged or answered; only the public
 * key is published.
 */
export async function loadSigningSeed(settings: { signingSeedHex: string | null; dataDir: string }): Promise<Buffer> {
  if (settings.signingSeedHex) return Buffer.from(settings.signingSeedHex, 'hex');
  const file = path.join(settings.dataDir, seedFileName);
  try {
    return parseSeed(await readFile(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(settings.dataDir, { recursive: true });
  const seed = randomBytes(32);
  try {
    await writeFile(file, seed.toString('hex'), { mode: 0o600, flag: 'wx' });
    return seed;
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return parseSeed(await readFile(file, 'utf8'));
  }
}

function parseSeed(text: string): Buffer {
  const hex = text.trim();
  if (!/^[0-9a-f]{64}$/i.test(hex)) throw new Error('the trade signing key file is damaged');
  return Buffer.from(hex, 'hex');
}

/**
 * The signer, made on first use (the key file is only created when trading is used) and
 * its public key recorded in the database so every process can show every key's receipts.
 */
export function lazySigner(db: Db, settings: { signingSeedHex: string | null; dataDir: string }) {
  return retryingOnce(async (): Promise<QuoteSigner> => {
    const made = signerFromSeed(await loadSigningSeed(settings));
    await recordSigningKey(db, made.keyId, made.publicKey.publicKey);
    return made;
  });
}

const spkiPrefix = Buffer.from('302a300506032b6570032100', 'hex');

/** A published key as answered by the key endpoint and receipts. */
export function publishedKey(keyId: string, rawBase64: string): QuoteKey {
  const publicKeyObject = createPublicKey({
    key: Buffer.concat([spkiPrefix, Buffer.from(rawBase64, 'base64')]),
    format: 'der',
    type: 'spki',
  });
  return {
    keyId,
    algorithm: 'Ed25519',
    publicKey: rawBase64,
    publicKeyPem: publicKeyObject.export({ format: 'pem', type: 'spki' }).toString(),
  };
}
