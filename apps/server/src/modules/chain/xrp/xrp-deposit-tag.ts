/**
 * Customers share the platform's XRP account and are told apart by the destination tag
 * (the usual exchange design). Tag `i` of deposit index `i` is a permutation of the indexes
 * onto the nine-digit numbers 100000000–999999999: unique per index, at most 10 characters
 * (§5) and far below the uint32 limit, and not sequential, so a mistyped digit almost always
 * names no customer instead of a neighbour.
 */
const TAG_BASE = 100_000_000n;
const TAG_SPAN = 900_000_000n;
/** A prime dividing neither 2, 3 nor 5, so multiplying by it is a bijection modulo the span (2^8 · 3^2 · 5^8). */
const MULTIPLIER = 479_001_599n;

/** Index `i` maps through `i + 1`, so no customer gets the round 100000000 (residue 0). */
export const maxXrpDepositIndex = Number(TAG_SPAN) - 2;

export function xrpDepositTag(index: number): string {
  if (!Number.isInteger(index) || index < 0 || index > maxXrpDepositIndex) throw new RangeError(`XRP deposit index out of range: ${index}`);
  return String(TAG_BASE + ((BigInt(index + 1) * MULTIPLIER) % TAG_SPAN));
}
