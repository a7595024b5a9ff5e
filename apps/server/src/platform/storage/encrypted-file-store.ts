import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import path from 'node:path';
import { assertBlobKey, assertContentType, BlobStoreError, newBlobKey, type BlobStore } from './blob-store';

/**
 * One file per blob, `<dir>/<first two characters of the key>/<key>`:
 *
 *   "CFB1" (format 1) | nonce (12) | GCM tag (16) | AES-256-GCM( u16 length | content type | bytes )
 *
 * The additional authenticated data is the format tag and the blob's key, so a file copied
 * under another key, or with its header edited, fails authentication like a flipped byte.
 */
const formatTag = Buffer.from('CFB1', 'latin1');
const nonceLength = 12;
const tagLength = 16;
const headerLength = formatTag.length + nonceLength + tagLength;

function associatedData(key: string): Buffer {
  return Buffer.concat([formatTag, Buffer.from(key, 'latin1')]);
}

function sha256Hex(bytes: Buffer): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** Temporary file, flushed, renamed over the final name, then the directory flushed: a crash leaves the old state or the new, never half a blob. */
async function writeDurably(file: string, contents: Buffer): Promise<void> {
  const folder = path.dirname(file);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const temporary = `${file}.${randomBytes(8).toString('hex')}.tmp`;
  const handle = await open(temporary, 'wx', 0o600);
  try {
    await handle.writeFile(contents);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
  await handle.close();
  try {
    await rename(temporary, file);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
  const directory = await open(folder, 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}

function isMissing(error: unknown): boolean {
  return (error as NodeJS.ErrnoException).code === 'ENOENT';
}

/**
 * Blobs encrypted at rest under `dir` (e.g. `DATA_DIR/blobs`). `key` (32 bytes) may be the
 * server's secret key: the cipher key is derived from it (HKDF-SHA256, info
 * `coffer/blob-store/v1`), so it is never the key that seals other secrets.
 */
export function createEncryptedFileStore(options: { dir: string; key: Buffer }): BlobStore {
  if (options.key.length !== 32) throw new Error(`the blob store key must be 32 bytes, not ${options.key.length}`);
  const cipherKey = Buffer.from(hkdfSync('sha256', options.key, Buffer.alloc(0), 'coffer/blob-store/v1', 32));
  const fileOf = (key: string) => path.join(options.dir, key.slice(0, 2), key);

  return {
    async put(bytes, { contentType }) {
      assertContentType(contentType);
      const key = newBlobKey();
      const type = Buffer.from(contentType, 'latin1');
      const typeLength = Buffer.alloc(2);
      typeLength.writeUInt16BE(type.length);
      const nonce = randomBytes(nonceLength);
      const cipher = createCipheriv('aes-256-gcm', cipherKey, nonce, { authTagLength: tagLength });
      cipher.setAAD(associatedData(key));
      const sealed = Buffer.concat([cipher.update(typeLength), cipher.update(type), cipher.update(bytes), cipher.final()]);
      await writeDurably(fileOf(key), Buffer.concat([formatTag, nonce, cipher.getAuthTag(), sealed]));
      return { key, size: bytes.length, sha256: sha256Hex(bytes) };
    },

    async get(key) {
      assertBlobKey(key);
      let envelope: Buffer;
      try {
        envelope = await readFile(fileOf(key));
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      const tampered = () => new BlobStoreError('tampered', `blob ${key.slice(0, 6)}… fails authentication: altered, truncated or moved`);
      if (envelope.length < headerLength + 2 || !envelope.subarray(0, formatTag.length).equals(formatTag)) throw tampered();
      const nonce = envelope.subarray(formatTag.length, formatTag.length + nonceLength);
      const decipher = createDecipheriv('aes-256-gcm', cipherKey, nonce, { authTagLength: tagLength });
      decipher.setAAD(associatedData(key));
      decipher.setAuthTag(envelope.subarray(formatTag.length + nonceLength, headerLength));
      let plaintext: Buffer;
      try {
        plaintext = Buffer.concat([decipher.update(envelope.subarray(headerLength)), decipher.final()]);
      } catch {
        throw tampered();
      }
      const typeEnd = 2 + plaintext.readUInt16BE(0);
      if (typeEnd > plaintext.length) throw tampered();
      return { contentType: plaintext.toString('latin1', 2, typeEnd), bytes: plaintext.subarray(typeEnd) };
    },

    async delete(key) {
      assertBlobKey(key);
      await unlink(fileOf(key)).catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
    },
  };
}
