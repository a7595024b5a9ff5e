import { sql, type Insertable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { WithdrawalTables } from './withdrawals.schema';

// The SQL of the address book on `withdraw_address`. Each function takes the executor it runs
// on: the pool, or the caller's transaction.

export async function countEntries(executor: Db, userId: string): Promise<number> {
  const row = await executor
    .selectFrom('withdraw_address')
    .select(sql<string>`count(*)::text`.as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Serialises one customer's additions until the transaction ends. */
export async function lockCustomerEntries(trx: Db, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('withdraw_address'), hashtext(${userId}))`.execute(trx);
}

export function findOwnedEntry(executor: Db, userId: string, id: string) {
  return executor.selectFrom('withdraw_address').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** The customer's entry for this destination (tag-aware), if any. */
export function findEntry(executor: Db, userId: string, chain: string, address: string, tag: string | null) {
  return executor
    .selectFrom('withdraw_address')
    .selectAll()
    .where('user_id', '=', userId)
    .where('chain', '=', chain)
    .where('address', '=', address)
    .where(sql<boolean>`tag is not distinct from ${tag}`)
    .executeTakeFirst();
}

/** The customer's entries, newest first, of one chain when given. */
export function listEntries(executor: Db, userId: string, chain?: string) {
  let query = executor.selectFrom('withdraw_address').selectAll().where('user_id', '=', userId);
  if (chain) query = query.where('chain', '=', chain);
  return query.orderBy('id', 'desc').execute();
}

export function insertEntry(trx: Db, values: Insertable<WithdrawalTables['withdraw_address']>) {
  return trx.insertInto('withdraw_address').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function deleteEntry(executor: Db, userId: string, id: string): Promise<void> {
  await executor.deleteFrom('withdraw_address').where('id', '=', id).where('user_id', '=', userId).execute();
}

/** Marks the entry trusted now unless it already is; the updated entry, if it changed. */
export function markEntryTrusted(executor: Db, userId: string, id: string) {
  return executor
    .updateTable('withdraw_address')
    .set({ trusted_at: new Date() })
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('trusted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}
