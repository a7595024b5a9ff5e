import { createHash } from 'node:crypto';
import { assertBlobKey, assertContentType, newBlobKey, type BlobStore } from './blob-store';

/** For tests: the same contract as the file store (key format, copies in and out), in memory. */
export function createMemoryBlobStore(): BlobStore {
  const blobs = new Map<string, { bytes: Buffer; contentType: string }>();
  return {
    async put(bytes, { contentType }) {
      assertContentType(contentType);
      const key = newBlobKey();
      blobs.set(key, { bytes: Buffer.from(bytes), contentType });
      return { key, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
    },
    async get(key) {
      assertBlobKey(key);
      const blob = blobs.get(key);
      return blob ? { bytes: Buffer.from(blob.bytes), contentType: blob.contentType } : null;
    },
    async delete(key) {
      assertBlobKey(key);
      blobs.delete(key);
    },
  };
}
