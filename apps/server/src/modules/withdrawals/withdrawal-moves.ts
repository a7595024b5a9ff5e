import { billTypes } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import type { Ledger } from '../ledger';
import { assertTransition } from './withdrawal-states';
import { queueNotices } from '../notices';
import { completeWithdrawalRow, updateWithdrawalStatus, type WithdrawalChanges } from './withdrawals.repository';
import type { WithdrawalRowStatus } from './withdrawals.schema';

/** The ledger journals one withdrawal can post; each at most once. */
export type WithdrawalJournalKind = 'hold' | 'internal' | 'settle' | 'release' | 'network-fee';

/**
 * The idempotency key of a withdrawal's journal. The strings are those journals were posted
 * with from the start (`withdrawal:<id>:<kind>`): changing them would let a retry post twice.
 */
export function withdrawalJournalKey(kind: WithdrawalJournalKind, withdrawalId: string): string {
  return `withdrawal:${withdrawalId}:${kind}`;
}

/** The journal reference of everything a withdrawal posts (bills find their withdrawal by it). */
export function withdrawalReference(withdrawalId: string) {
  return { type: 'withdrawal', id: withdrawalId };
}

/**
 * The one way a withdrawal's status changes: `from` → `to` must be in the state table (the
 * database trigger refuses it too), and the row moves only if it is still in `from`. Whether it
 * moved; `changes` are written with the move.
 */
export async function moveWithdrawal(
  executor: Db,
  withdrawalId: string,
  from: WithdrawalRowStatus,
  to: WithdrawalRowStatus,
  changes: WithdrawalChanges = {},
): Promise<boolean> {
  assertTransition(from, to);
  return updateWithdrawalStatus(executor, withdrawalId, from, to, changes);
}

/**
 * Completes a withdrawal from `from` with its journal (`changes`), and queues the customer's
 * withdrawal notice in the same transaction, sent after commit (`txid` null: an internal one).
 * Every completion passes here. Whether it moved.
 */
export async function completeWithdrawal(
  trx: Db,
  withdrawalId: string,
  from: 'awaitingConfirmation' | 'processing' | 'confirming',
  changes: WithdrawalChanges & { journal_id: string },
  txid: string | null,
): Promise<boolean> {
  assertTransition(from, 'completed');
  const completed = await completeWithdrawalRow(trx, withdrawalId, from, { ...changes, completed_at: new Date() });
  if (!completed) return false;
  const { user_id: userId, amount: units, ...facts } = completed;
  await queueNotices(trx, [{ kind: 'withdrawal', userId, eventId: withdrawalId, facts: { ...facts, units, txid } }]);
  return true;
}

type HeldWithdrawal = { id: string; user_id: string; asset: string; amount: string; fee: string; hold_id: string | null };

/**
 * Ends a withdrawal that will not be paid, `cancelled` or `failed` with its reason, and returns
 * its hold (amount + fee) to the customer in full: no fee is kept. One transaction, the
 * caller's; nothing is released unless the row was still in `from`. Whether it moved.
 */
export async function releaseAndCancel(
  trx: Db,
  ledger: Ledger,
  withdrawal: HeldWithdrawal,
  move: { from: WithdrawalRowStatus; to: 'cancelled' | 'failed'; reason: string },
): Promise<boolean> {
  if (!withdrawal.hold_id) throw new Error(`withdrawal ${withdrawal.id} has no hold to release`);
  // Leaving awaitingConfirmation drops the deadline (the row's CHECK); elsewhere it is already null.
  const moved = await moveWithdrawal(trx, withdrawal.id, move.from, move.to, { fail_reason: move.reason, confirm_before: null });
  if (!moved) return false;
  await ledger.releaseHold(
    {
      idempotencyKey: withdrawalJournalKey('release', withdrawal.id),
      billType: billTypes.withdrawal,
      holdId: withdrawal.hold_id,
      accountId: await ledger.customerAccount(withdrawal.user_id, withdrawal.asset, trx),
      amount: BigInt(withdrawal.amount) + BigInt(withdrawal.fee),
      reference: withdrawalReference(withdrawal.id),
    },
    trx,
  );
  return true;
}

type HeldInternalWithdrawal = HeldWithdrawal & { recipient_user_id: string | null };

/**
 * Pays a held internal withdrawal to its recipient: the hold (amount + fee, no fee is kept
 * internally) settled to the recipient's account, and the withdrawal completed from `from`. One
 * transaction, the caller's, which has the row locked in `from`.
 */
export async function settleInternal(
  trx: Db,
  ledger: Ledger,
  withdrawal: HeldInternalWithdrawal,
  from: 'awaitingConfirmation' | 'processing',
): Promise<void> {
  if (!withdrawal.hold_id || !withdrawal.recipient_user_id) throw new Error(`withdrawal ${withdrawal.id} is not a held internal one`);
  const posted = await ledger.settleHold(
    {
      idempotencyKey: withdrawalJournalKey('settle', withdrawal.id),
      billType: billTypes.transferOut,
      holdId: withdrawal.hold_id,
      accountId: await ledger.customerAccount(withdrawal.user_id, withdrawal.asset, trx),
      amount: BigInt(withdrawal.amount) + BigInt(withdrawal.fee),
      to: [
        { accountId: await ledger.customerAccount(withdrawal.recipient_user_id, withdrawal.asset, trx), amount: BigInt(withdrawal.amount) },
      ],
      reference: withdrawalReference(withdrawal.id),
    },
    trx,
  );
  await completeWithdrawal(trx, withdrawal.id, from, { journal_id: posted.journalId, confirm_before: null }, null);
}
