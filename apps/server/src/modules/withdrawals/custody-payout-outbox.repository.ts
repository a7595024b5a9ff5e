import { sql, type Insertable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { WithdrawalTables } from './withdrawals.schema';

// The SQL on `custody_payout_outbox`: the signer's record-before-broadcast outbox for custody
// withdrawal orders (issue 18). Each function takes the executor it runs on: the pool, or the
// caller's transaction. The senders' nonce and fee reads and reconciliation's in-flight amounts
// read it alongside `withdrawal_outbox` (see `withdrawal-outbox.repository.ts`).

export type CustodyOutboxRow = Awaited<ReturnType<typeof openCustodyPayouts>>[number];

/** Recorded, unresolved custody payouts on these chains, oldest order first. */
export function openCustodyPayouts(executor: Db, chains: string[]) {
  return executor
    .selectFrom('custody_payout_outbox')
    .select(['order_id', 'chain', 'asset', 'amount', 'required_confirmations', 'txid', 'raw', 'broadcast_at'])
    .where('resolved_at', 'is', null)
    .where('chain', 'in', chains)
    .orderBy('order_id')
    .execute();
}

/** The orders whose payout is recorded and not resolved: on their way, never handed out again. */
export async function unresolvedCustodyPayoutIds(executor: Db): Promise<string[]> {
  const rows = await executor.selectFrom('custody_payout_outbox').select('order_id').where('resolved_at', 'is', null).execute();
  return rows.map((row) => row.order_id);
}

/**
 * Records a custody payout's signed transaction before it can reach the chain. The order id is
 * the primary key: a second signing of one order is refused by the database (whether it was recorded).
 */
export async function recordCustodyPayout(executor: Db, values: Insertable<WithdrawalTables['custody_payout_outbox']>): Promise<boolean> {
  const inserted = await executor
    .insertInto('custody_payout_outbox')
    .values(values)
    .onConflict((c) => c.column('order_id').doNothing())
    .executeTakeFirst();
  return (inserted.numInsertedOrUpdatedRows ?? 0n) > 0n;
}

/** A broadcast that failed: its error (at most 500 characters, cut by the caller) and one more attempt. */
export async function recordCustodyBroadcastError(executor: Db, orderId: string, lastError: string): Promise<void> {
  await executor
    .updateTable('custody_payout_outbox')
    .set({ last_error: lastError, attempts: sql`attempts + 1` })
    .where('order_id', '=', orderId)
    .execute();
}

/** A broadcast the chain took: the first broadcast time kept, one more attempt, the error cleared. */
export async function recordCustodyBroadcast(executor: Db, orderId: string): Promise<void> {
  await executor
    .updateTable('custody_payout_outbox')
    .set({ broadcast_at: sql`coalesce(broadcast_at, now())`, attempts: sql`attempts + 1`, last_error: null })
    .where('order_id', '=', orderId)
    .execute();
}

/** The payout is done with: settled (paid) or failed; once. */
export async function resolveCustodyPayout(executor: Db, orderId: string, outcome: 'settled' | 'failed'): Promise<void> {
  await executor
    .updateTable('custody_payout_outbox')
    .set({ resolved_at: new Date(), outcome })
    .where('order_id', '=', orderId)
    .where('resolved_at', 'is', null)
    .execute();
}
