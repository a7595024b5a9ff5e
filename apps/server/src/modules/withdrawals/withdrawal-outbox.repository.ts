import { sql, type Insertable } from 'kysely';
import type { Db } from '../../platform/db/database';
import { withdrawalTransferColumns } from './withdrawals.repository';
import type { WithdrawalTables } from './withdrawals.schema';

// The SQL on `withdrawal_outbox`: the signer's record-before-broadcast outbox (with the
// withdrawals it joins), the chains' senders' reads of it and reconciliation's in-flight ones.
// Each function takes the executor it runs on: the pool, or the caller's transaction.

/** First half of the advisory lock: one signer at a time across processes. */
const signerLockNamespace = 727_102;

/** Takes the signer's session-level lock on this connection; whether it was free. */
export async function tryLockSigner(connection: Db): Promise<boolean> {
  const locked = await sql<{ locked: boolean }>`select pg_try_advisory_lock(${signerLockNamespace}, 0) as locked`.execute(connection);
  return locked.rows[0]?.locked ?? false;
}

export async function unlockSigner(connection: Db): Promise<void> {
  await sql`select pg_advisory_unlock(${signerLockNamespace}, 0)`.execute(connection);
}

const withdrawalColumns = ['w.id', 'w.user_id', ...withdrawalTransferColumns, 'w.hold_id', 'w.required_confirmations'] as const;

/** Recorded, unresolved transactions of withdrawals still processing or confirming on these chains. */
export function openOutboxWithdrawals(executor: Db, chains: string[]) {
  return executor
    .selectFrom('withdrawal_outbox as o')
    .innerJoin('withdrawal as w', 'w.id', 'o.withdrawal_id')
    .select([...withdrawalColumns, 'o.txid', 'o.raw', 'o.broadcast_at'])
    .where('o.resolved_at', 'is', null)
    .where('w.status', 'in', ['processing', 'confirming'])
    .where('o.chain', 'in', chains)
    .orderBy('w.id')
    .execute();
}

/** Approved ordinary withdrawals on these chains with nothing recorded yet, at most `limit`. */
export function unsignedWithdrawals(executor: Db, chains: string[], limit: number) {
  return executor
    .selectFrom('withdrawal as w')
    .leftJoin('withdrawal_outbox as o', 'o.withdrawal_id', 'w.id')
    .select(withdrawalColumns)
    .where('w.status', '=', 'processing')
    .where('w.kind', '=', 'ordinary')
    .where('o.withdrawal_id', 'is', null)
    .where('w.chain', 'in', chains)
    .orderBy('w.id')
    .limit(limit)
    .execute();
}

/** Records a signed transaction before it can reach the chain. */
export async function recordSignedTransaction(executor: Db, values: Insertable<WithdrawalTables['withdrawal_outbox']>): Promise<void> {
  await executor.insertInto('withdrawal_outbox').values(values).execute();
}

/** A broadcast that failed: its error (at most 500 characters, cut by the caller) and one more attempt. */
export async function recordBroadcastError(executor: Db, withdrawalId: string, lastError: string): Promise<void> {
  await executor
    .updateTable('withdrawal_outbox')
    .set({ last_error: lastError, attempts: sql`attempts + 1` })
    .where('withdrawal_id', '=', withdrawalId)
    .execute();
}

/** A broadcast the chain took: the first broadcast time kept, one more attempt, the error cleared. */
export async function recordBroadcast(executor: Db, withdrawalId: string): Promise<void> {
  await executor
    .updateTable('withdrawal_outbox')
    .set({ broadcast_at: sql`coalesce(broadcast_at, now())`, attempts: sql`attempts + 1`, last_error: null })
    .where('withdrawal_id', '=', withdrawalId)
    .execute();
}

/** The withdrawal's outbox entry is done with (settled or failed). */
export async function resolveOutbox(executor: Db, withdrawalId: string): Promise<void> {
  await executor.updateTable('withdrawal_outbox').set({ resolved_at: new Date() }).where('withdrawal_id', '=', withdrawalId).execute();
}

/**
 * The raw transactions of a chain not resolved yet (they hold nonces): the customers'
 * withdrawals' and the custody payouts' alike, so the two never reuse a nonce.
 */
export function unresolvedRawTransactions(executor: Db, chain: string) {
  return executor
    .selectFrom('withdrawal_outbox')
    .select('raw')
    .where('chain', '=', chain)
    .where('resolved_at', 'is', null)
    .unionAll((query) =>
      query.selectFrom('custody_payout_outbox').select('raw').where('chain', '=', chain).where('resolved_at', 'is', null),
    )
    .execute();
}

/** The network fee fixed when the transaction was signed (a customer's withdrawal or a custody payout). */
export function findRecordedNetworkFee(executor: Db, chain: string, txid: string) {
  return executor
    .selectFrom('withdrawal_outbox')
    .select('network_fee')
    .where('chain', '=', chain)
    .where('txid', '=', txid)
    .unionAll((query) =>
      query.selectFrom('custody_payout_outbox').select('network_fee').where('chain', '=', chain).where('txid', '=', txid),
    )
    .executeTakeFirst();
}

/** Broadcast, unresolved transactions of a chain with their asset and amount: customers' withdrawals and custody payouts. */
export function broadcastUnresolved(executor: Db, chain: string) {
  return executor
    .selectFrom('withdrawal_outbox as o')
    .innerJoin('withdrawal as w', 'w.id', 'o.withdrawal_id')
    .select(['o.txid', 'w.asset', 'w.amount'])
    .where('o.chain', '=', chain)
    .where('o.resolved_at', 'is', null)
    .where('o.broadcast_at', 'is not', null)
    .unionAll((query) =>
      query
        .selectFrom('custody_payout_outbox as c')
        .select(['c.txid', 'c.asset', 'c.amount'])
        .where('c.chain', '=', chain)
        .where('c.resolved_at', 'is', null)
        .where('c.broadcast_at', 'is not', null),
    )
    .execute();
}
