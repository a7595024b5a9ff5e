import type { WithdrawalStatus } from '@coffer/contract';
import type { WithdrawalRowStatus } from './withdrawals.schema';

/**
 * The states of a customer's withdrawal and the moves between them. Spec §4 names the states
 * of a custody withdrawal order (pending review … approved, rejected, transfer failed); a
 * customer's own withdrawal has no reviewer, so its states are these (the column holds the
 * names the records show, `awaitingConfirmation`, `processing`, …; a bill's detail still
 * answers `awaiting_confirmation`, see `withdrawal-bill-describer.ts`):
 *
 * - `awaitingConfirmation`: a large withdrawal (spec §9) waiting up to 5 hours for its second
 *   confirmation, amount + fee held. Confirmed, it goes on to `processing` (on chain) or
 *   straight to `completed` (internal, the hold settled to the recipient); cancelled by the
 *   customer or expired, it is `cancelled` and the hold released.
 * - `underReview`: the destination is on a sanctions list (the sanctions module's screening at
 *   submission), amount + fee held as for any withdrawal, never signed. Compliance releases it
 *   to `processing` (an internal one then completes at once) or refuses it: `cancelled`, the
 *   hold released in full. A large withdrawal to a listed address is written here too, without
 *   a second-confirmation deadline: compliance's release stands in for it.
 * - `processing`: approved, held, not yet broadcast. Broadcast, it is `confirming`; refused by
 *   the chain, `failed` (hold released, no fee). An internal withdrawal that needs no second
 *   confirmation is written as `processing` and completed in the same transaction, once its
 *   journal exists.
 * - `confirming`: on chain, counting confirmations; `completed` at the coin's count (hold
 *   settled), `failed` when the chain reverted it.
 * - `completed`, `failed`, `cancelled`: final.
 *
 * The database holds the same table in a trigger built from a copy of this one
 * (`withdrawal-states.migration.ts`, re-created in the new names by
 * `withdrawal-status-names.migration.ts` and with `underReview` by
 * `withdrawal-review.migration.ts`), so no writer can skip a state.
 */
export const withdrawalTransitions: Readonly<Record<WithdrawalRowStatus, readonly WithdrawalRowStatus[]>> = {
  awaitingConfirmation: ['processing', 'completed', 'cancelled'],
  underReview: ['processing', 'cancelled'],
  processing: ['confirming', 'completed', 'failed'],
  confirming: ['completed', 'failed'],
  completed: [],
  failed: [],
  cancelled: [],
};

export const withdrawalStatuses = Object.keys(withdrawalTransitions) as WithdrawalRowStatus[];

export const terminalWithdrawalStatuses = withdrawalStatuses.filter((status) => withdrawalTransitions[status].length === 0);

/**
 * The one mapping from a row's status to what the customer sees (records, results, bills): a
 * withdrawal held by sanctions screening reads as `processing`, neutral, never `underReview`.
 */
export const customerStatusOf: Readonly<Record<WithdrawalRowStatus, WithdrawalStatus>> = {
  awaitingConfirmation: 'awaitingConfirmation',
  underReview: 'processing',
  processing: 'processing',
  confirming: 'confirming',
  completed: 'completed',
  failed: 'failed',
  cancelled: 'cancelled',
};

/** The row statuses a customer's status filter finds (`processing` includes the held ones). */
export function rowStatusesShownAs(status: WithdrawalStatus): WithdrawalRowStatus[] {
  return withdrawalStatuses.filter((row) => customerStatusOf[row] === status);
}

export function canTransition(from: WithdrawalRowStatus, to: WithdrawalRowStatus): boolean {
  return withdrawalTransitions[from].includes(to);
}

/** An illegal move is a bug in the caller, never a customer's mistake: it answers 500. */
export class IllegalWithdrawalTransitionError extends Error {
  override readonly name = 'IllegalWithdrawalTransitionError';
  constructor(
    readonly from: WithdrawalRowStatus,
    readonly to: WithdrawalRowStatus,
  ) {
    super(`illegal withdrawal transition ${from} -> ${to}`);
  }
}

export function assertTransition(from: WithdrawalRowStatus, to: WithdrawalRowStatus): void {
  if (!canTransition(from, to)) throw new IllegalWithdrawalTransitionError(from, to);
}
