/**
 * A fresh idempotency key for one transfer submission. `randomUUID` exists only in secure
 * contexts; elsewhere 16 random bytes in hex do the same job.
 */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
