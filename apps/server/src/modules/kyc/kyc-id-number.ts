import { constantTimeEqual, encryptSecret, macOf } from '../../platform/security/crypto';

/** How an ID number is kept: sealed (AES-256-GCM), shown masked, and its last six digits as a MAC for the ID check. */
export interface SealedIdNumber {
  encrypted: string;
  masked: string;
  last6Digest: string;
}

const last6Purpose = 'kyc-id-last6';

/** The last six characters, upper-cased (a Chinese resident ID may end in X). */
export function lastSix(idNumber: string): string {
  return idNumber.trim().toUpperCase().slice(-6);
}

/** `AB**********34`: the first two and the last two characters, the rest hidden. */
export function maskIdNumber(idNumber: string): string {
  const text = idNumber.trim();
  if (text.length <= 4) return '*'.repeat(text.length);
  return `${text.slice(0, 2)}${'*'.repeat(text.length - 4)}${text.slice(-2)}`;
}

export function sealIdNumber(key: Buffer, idNumber: string): SealedIdNumber {
  const text = idNumber.trim().toUpperCase();
  return { encrypted: encryptSecret(key, text), masked: maskIdNumber(text), last6Digest: macOf(key, last6Purpose, lastSix(text)) };
}

/** Whether six characters are the last six of the sealed ID number, compared in constant time. */
export function isLastSix(key: Buffer, digest: string, candidate: string): boolean {
  return constantTimeEqual(macOf(key, last6Purpose, candidate.trim().toUpperCase()), digest);
}
