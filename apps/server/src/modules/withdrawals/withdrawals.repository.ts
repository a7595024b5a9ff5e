import { sql, type Insertable, type Updateable } from 'kysely';
import type { Db } from '../../platform/db/database';
import { pageWithTotal } from '../../platform/db/page-with-total';
import type { DwRecordSource } from '../deposits';
import type { WithdrawalRowStatus, WithdrawalTables } from './withdrawals.schema';

/** First half of the advisory lock serialising one customer's submissions (the 24-hour limit). */
const customerLockNamespace = 727_101;

/** Statuses that count against the 24-hour limit: everything not failed or cancelled. */
const countingStatuses = ['awaitingConfirmation', 'underReview', 'processing', 'confirming', 'completed'] as const;

// The module's SQL on `withdrawal` and `withdrawal_restriction` (the outbox's:
// `withdrawal-outbox.repository.ts`). A status changes only through `withdrawal-moves.ts`, the
// one caller of `updateWithdrawalStatus`. Each function takes the executor it runs on: the pool,
// or the caller's transaction.

/** USD cents of the customer's withdrawals in the last 24 hours that count against the limit. */
export async function usedCents(executor: Db, userId: string): Promise<bigint> {
  const row = await executor
    .selectFrom('withdrawal')
    .select(sql<string>`coalesce(sum(usd_cents), 0)::text`.as('used'))
    .where('user_id', '=', userId)
    .where('status', 'in', countingStatuses)
    .where('created_at', '>', sql<Date>`now() - interval '24 hours'`)
    .executeTakeFirstOrThrow();
  return BigInt(row.used);
}

/** USD cents of an API key's withdrawals in the last 24 hours that count against its own limit. */
export async function usedCentsByApiKey(executor: Db, apiKeyId: string): Promise<bigint> {
  const row = await executor
    .selectFrom('withdrawal')
    .select(sql<string>`coalesce(sum(usd_cents), 0)::text`.as('used'))
    .where('api_key_id', '=', apiKeyId)
    .where('status', 'in', countingStatuses)
    .where('created_at', '>', sql<Date>`now() - interval '24 hours'`)
    .executeTakeFirstOrThrow();
  return BigInt(row.used);
}

/** The withdrawal an earlier call with this request key made, with the hash of what it asked. */
export function findRequest(executor: Db, requestKey: string): Promise<{ id: string; request_hash: string } | undefined> {
  return executor.selectFrom('withdrawal').select(['id', 'request_hash']).where('request_key', '=', requestKey).executeTakeFirst();
}

/** Serialises one customer's submissions until the transaction ends. */
export async function lockCustomer(trx: Db, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${customerLockNamespace}, hashtext(${userId}))`.execute(trx);
}

export async function insertWithdrawal(trx: Db, values: Insertable<WithdrawalTables['withdrawal']>): Promise<string> {
  const inserted = await trx.insertInto('withdrawal').values(values).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function setHold(trx: Db, withdrawalId: string, holdId: string | null): Promise<void> {
  await trx.updateTable('withdrawal').set({ hold_id: holdId }).where('id', '=', withdrawalId).execute();
}

/** The customer's withdrawal by serial number, locked for the rest of the transaction. */
export function lockOwnWithdrawal(trx: Db, userId: string, serialNumber: string) {
  return trx
    .selectFrom('withdrawal')
    .selectAll()
    .where('serial_no', '=', serialNumber)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

/** A withdrawal by id, locked for the rest of the transaction (compliance's decision, settlement, failure). */
export function lockWithdrawal(trx: Db, withdrawalId: string) {
  return trx.selectFrom('withdrawal').selectAll().where('id', '=', withdrawalId).forUpdate().executeTakeFirst();
}

/** Whether the customer completed a withdrawal to this destination before. */
export async function hasCompletedWithdrawalTo(
  db: Db,
  userId: string,
  chain: string,
  address: string,
  tag: string | null,
): Promise<boolean> {
  const used = await db
    .selectFrom('withdrawal')
    .select('id')
    .where('user_id', '=', userId)
    .where('chain', '=', chain)
    .where('address', '=', address)
    .where(sql<boolean>`tag is not distinct from ${tag}`)
    .where('status', '=', 'completed')
    .executeTakeFirst();
  return used !== undefined;
}

/** One page of the customer's withdrawal ids, newest first, and how many there are. */
export async function withdrawalIdsPage(
  db: Db,
  userId: string,
  query: { coin?: string | undefined; statuses?: WithdrawalRowStatus[] | undefined; pageNo: number; pageSize: number },
): Promise<{ ids: string[]; total: number }> {
  let base = db.selectFrom('withdrawal').where('user_id', '=', userId);
  if (query.coin) base = base.where('asset', '=', query.coin);
  if (query.statuses) base = base.where('status', 'in', query.statuses);
  const { rows, total } = await pageWithTotal(
    base
      .select('id')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize),
    base.select(sql<string>`count(*)::text`.as('total')),
  );
  return { ids: rows.map((row) => row.id), total };
}

/** What a status move may write beside the status (the move itself is `withdrawal-moves.ts`'s). */
export type WithdrawalChanges = Omit<Updateable<WithdrawalTables['withdrawal']>, 'status' | 'updated_at'>;

/** Moves the row to `to` with `changes` only if it is still in `from`; whether it moved. */
export async function updateWithdrawalStatus(
  executor: Db,
  withdrawalId: string,
  from: WithdrawalRowStatus,
  to: WithdrawalRowStatus,
  changes: WithdrawalChanges,
): Promise<boolean> {
  const result = await executor
    .updateTable('withdrawal')
    .set({ ...changes, status: to, updated_at: new Date() })
    .where('id', '=', withdrawalId)
    .where('status', '=', from)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/**
 * Moves the row to `completed` with `changes` only if it is still in `from`, and answers what its
 * notice tells of it (undefined when it did not move): one statement, no second read.
 */
export function completeWithdrawalRow(executor: Db, withdrawalId: string, from: WithdrawalRowStatus, changes: WithdrawalChanges) {
  return executor
    .updateTable('withdrawal')
    .set({ ...changes, status: 'completed', updated_at: new Date() })
    .where('id', '=', withdrawalId)
    .where('status', '=', from)
    .returning(['user_id', 'asset', 'chain', 'address', 'tag', 'amount'])
    .executeTakeFirst();
}

/** The confirmations a withdrawal's transaction has so far (no status change). */
export async function setConfirmations(executor: Db, withdrawalId: string, confirmations: number): Promise<void> {
  await executor.updateTable('withdrawal').set({ confirmations, updated_at: new Date() }).where('id', '=', withdrawalId).execute();
}

/** Large withdrawals whose second-confirmation deadline has passed, at most `limit`. */
export function expiredConfirmations(executor: Db, limit: number) {
  return executor
    .selectFrom('withdrawal')
    .select(['id', 'user_id', 'asset', 'amount', 'fee', 'hold_id'])
    .where('status', '=', 'awaitingConfirmation')
    .where('confirm_before', '<=', new Date())
    .limit(limit)
    .execute();
}

/** Whether an operator restricted the customer's withdrawals. */
export async function isWithdrawalRestricted(executor: Db, userId: string): Promise<boolean> {
  const row = await executor.selectFrom('withdrawal_restriction').select('user_id').where('user_id', '=', userId).executeTakeFirst();
  return row !== undefined;
}

/** A withdrawal's coin, destination and amounts (table alias `w`); the signer's outbox reads select them too. */
export const withdrawalTransferColumns = ['w.asset', 'w.chain', 'w.address', 'w.tag', 'w.amount', 'w.fee'] as const;

/** The customer's withdrawals by id with their broadcast txid, for the records. */
export function withdrawalRecordRows(executor: Db, userId: string, ids: string[]) {
  return executor
    .selectFrom('withdrawal as w')
    .leftJoin('withdrawal_outbox as o', 'o.withdrawal_id', 'w.id')
    .select([
      'w.id',
      'w.serial_no',
      'w.created_at',
      'w.kind',
      ...withdrawalTransferColumns,
      'w.status',
      'w.fail_reason',
      'w.confirmations',
      'w.required_confirmations',
      'w.confirm_before',
      'w.completed_at',
      // A transaction never broadcast is not shown as a link to the chain.
      sql<string | null>`case when o.broadcast_at is not null then o.txid end`.as('txid'),
    ])
    .where('w.user_id', '=', userId)
    .where('w.id', 'in', ids)
    .execute();
}

/** The select of the customer's withdrawals the deposit and withdrawal list unions (`pfDwTranxs`). */
export function withdrawalRecordSelect(userId: string, filters: Parameters<DwRecordSource['select']>[1]) {
  return sql`
      select 'withdrawal'::text as kind, w.id::text as id, w.created_at as time
        from withdrawal w
       where w.user_id = ${userId}
         ${filters.status !== undefined ? sql`and false` : sql``}
         ${filters.coin ? sql`and w.asset = ${filters.coin}` : sql``}
         ${filters.start ? sql`and w.created_at >= ${filters.start}` : sql``}
         ${filters.end ? sql`and w.created_at < ${filters.end}` : sql``}`;
}
