import type { CustodyOrderState } from './custody-order-rules';

/**
 * Batch withdrawal by CSV (issue 18 item 7; spec §5, §8): the template's columns, the limits of
 * an upload, the formula rule, and the state of a batch computed from its orders.
 */
export const custodyBatchColumns = ['coin', 'network', 'amount', 'address', 'tag', 'note'] as const;
export type CustodyBatchColumn = (typeof custodyBatchColumns)[number];

export const custodyBatchLimits = {
  /** Rows of withdrawals in one file (the header and `#` comment lines not counted). */
  maxRows: 5000,
  /** Bytes of one file (fits the request body limit once base64-encoded). */
  maxBytes: 600_000,
};

/**
 * A cell a spreadsheet would run as a formula (CSV/formula injection): it starts with `=`, `+`,
 * `-`, `@`, a tab or a carriage return. Refused on its row rather than quietly escaped; an amount
 * starting with `-` is a negative amount and refused by the amount rule instead.
 */
export function isFormulaCell(cell: string): boolean {
  return /^[=+\-@\t\r]/.test(cell);
}

/**
 * The state of a batch, computed from its orders' states (never stored):
 * - every order in one state → that state;
 * - otherwise, some order still awaiting review (`pending_review`/`reviewing`) → `reviewing`;
 * - otherwise, some order approved by its quorum and waiting for the signer → `sending`;
 * - otherwise the orders ended in different outcomes (approved, rejected, transfer_failed) →
 *   `partial_approved` (spec §4).
 */
export function custodyBatchState(states: readonly CustodyOrderState[]): CustodyOrderState {
  const distinct = new Set(states);
  const [only] = distinct;
  if (distinct.size <= 1) return only ?? 'pending_review';
  if (distinct.has('pending_review') || distinct.has('reviewing')) return 'reviewing';
  if (distinct.has('sending')) return 'sending';
  return 'partial_approved';
}
