/** Blob storage for uploaded files; the composition root picks the implementation. */
export { BlobStoreError, type BlobStore, type StoredBlob } from './blob-store';
export { createEncryptedFileStore } from './encrypted-file-store';
export { createMemoryBlobStore } from './memory-blob-store';
