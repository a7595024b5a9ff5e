import type { Db } from '../../platform/db/database';
import type { Caller } from './identity-core';
import { insertSecurityHistory } from './security.repository';
import { lockWithdrawals, type UserRow } from './user.repository';

/** The signed-in caller a security setting changes for. */
export interface SignedIn {
  userId: string;
  sessionId: string;
}

/** What identity learns from the ledger, injected by `app.ts` (identity never reads ledger tables). */
export interface FundingFacts {
  /** Whether the customer's accounts were ever credited with anything. */
  hasReceivedFunds(userId: string): Promise<boolean>;
}

/**
 * `firstSetUp`: binding a factor or setting the fund password where there was none;
 * `change`: changing, resetting or removing one.
 */
export type ChangeKind = 'firstSetUp' | 'change';

/**
 * Spec §4 locks withdrawals for 24 hours after a security setting *changes*, so that whoever
 * took over a session cannot swap a factor and leave with the money. The first set-up of a
 * factor or of the fund password on an account that never received funds does not start it:
 * there is nothing to steal yet, and a new customer sets everything up before the first
 * deposit (one lock per set-up step kept them from withdrawing for days). Once anything has
 * arrived, every set-up, change, reset or removal starts it.
 */
async function startsWithdrawLock(funding: FundingFacts, user: UserRow, kind: ChangeKind): Promise<boolean> {
  return kind === 'change' || (await funding.hasReceivedFunds(user.id));
}

/**
 * Commits a security change in one transaction with its §9 history row and, when it starts
 * one, the 24-hour withdrawal lock.
 */
export async function commitChange(
  deps: { db: Db; funding: FundingFacts },
  user: UserRow,
  operation: number,
  kind: ChangeKind,
  caller: Caller,
  change: (trx: Db) => Promise<void>,
): Promise<void> {
  const locks = await startsWithdrawLock(deps.funding, user, kind);
  await deps.db.transaction().execute(async (trx) => {
    await change(trx);
    if (locks) await lockWithdrawals(trx, user.id);
    await insertSecurityHistory(trx, user.id, operation, caller);
  });
}
