import { sql, type Insertable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { WithdrawalRowStatus, WithdrawalTables } from './withdrawals.schema';

/** First half of the advisory lock serialising one customer's submissions (the 24-hour limit). */
const customerLockNamespace = 727_101;

/** Statuses that count against the 24-hour limit: everything not failed or cancelled. */
const countingStatuses = ['awaitingConfirmation', 'processing', 'confirming', 'completed'] as const;

// The withdrawal service's SQL on the `withdrawal` table (status changes go through
// `withdrawal-moves.ts`, records through `withdrawal-records.ts`). Each function takes the
// executor it runs on: the pool, or the caller's transaction.

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
  query: { coin?: string | undefined; status?: WithdrawalRowStatus | undefined; pageNo: number; pageSize: number },
): Promise<{ ids: string[]; total: number }> {
  let base = db.selectFrom('withdrawal').where('user_id', '=', userId);
  if (query.coin) base = base.where('asset', '=', query.coin);
  if (query.status) base = base.where('status', '=', query.status);
  const [ids, count] = await Promise.all([
    base
      .select('id')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.pageSize)
      .offset((query.pageNo - 1) * query.pageSize)
      .execute(),
    base.select(sql<string>`count(*)::text`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { ids: ids.map((row) => row.id), total: Number(count.total) };
}
