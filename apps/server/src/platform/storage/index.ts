/** Blob storage for uploaded files; the composition root picks the implementation. */
export { BlobStoreError, isBlobKey, type BlobStore, type BlobStoreErrorCode, type StoredBlob } from './blob-store';
export { createEncryptedFileStore } from './encrypted-file-store';
export { createMemoryBlobStore } from './memory-blob-store';
