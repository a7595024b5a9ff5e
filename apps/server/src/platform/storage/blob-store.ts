import { randomToken } from '../security/crypto';

/** What `put` answers: the key to fetch the blob by, and facts about its plaintext. */
export interface StoredBlob {
  /** Random and unguessable (256 bits, base64url): holding it is what lets one fetch the blob. */
  key: string;
  /** Bytes of the plaintext. */
  size: number;
  /** Hex SHA-256 of the plaintext, for the caller's records. */
  sha256: string;
}

/**
 * Where uploaded files live. The encrypted file store is the default; an S3-compatible store
 * can replace it behind this interface.
 */
export interface BlobStore {
  put(bytes: Buffer, meta: { contentType: string }): Promise<StoredBlob>;
  /** null when no blob has that key; throws `BlobStoreError` (`tampered`) when the stored blob fails authentication. */
  get(key: string): Promise<{ bytes: Buffer; contentType: string } | null>;
  /** Idempotent: deleting a missing blob does nothing. */
  delete(key: string): Promise<void>;
}

export type BlobStoreErrorCode = 'invalidKey' | 'invalidContentType' | 'tampered';

export class BlobStoreError extends Error {
  override readonly name = 'BlobStoreError';
  constructor(
    readonly code: BlobStoreErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const keyPattern = /^[A-Za-z0-9_-]{43}$/;

export function newBlobKey(): string {
  return randomToken(32);
}

/** Exactly the format `newBlobKey` makes: no dots, no slashes, so never a path of its own. */
export function isBlobKey(key: string): boolean {
  return keyPattern.test(key);
}

export function assertBlobKey(key: string): void {
  // The key is client input on the way back in: never echoed whole into the message.
  if (!isBlobKey(key)) throw new BlobStoreError('invalidKey', `not a blob key (${key.length} characters)`);
}

/** A MIME type of up to 255 printable ASCII characters. */
export function assertContentType(contentType: string): void {
  if (!/^[\x21-\x7e][\x20-\x7e]{0,254}$/.test(contentType))
    throw new BlobStoreError('invalidContentType', 'content type must be 1–255 printable ASCII characters');
}
