/** The only SQL over `auto_swap_setting`, `auto_swap_record` and the scanner's `trade_cursor` row. */
import type { AutoSwapSettingBody, AutoSwapStatus } from '@coffer/contract';
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { CustomerCredit } from '../ledger';
import type { AutoSwapRecordTable, AutoSwapSettingTable } from './trade.schema';

export type RecordRow = Selectable<AutoSwapRecordTable>;
export type SettingRow = Selectable<AutoSwapSettingTable>;

/** Moves a record from one of `from` to `to` (completed stamps `completed_at`); false when it was in none of them. */
export async function moveAutoSwapRecord(
  executor: Db,
  move: { id: string; from: AutoSwapStatus[]; to: AutoSwapStatus; reason: string | null; now: Date },
): Promise<boolean> {
  const { id, from, to, reason, now } = move;
  const result = await executor
    .updateTable('auto_swap_record')
    .set({ status: to, status_reason: reason, updated_at: now, ...(to === 'completed' ? { completed_at: now } : {}) })
    .where('id', '=', id)
    .where('status', 'in', from)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** An accepted record per credit whose customer has the coin's setting on since before the credit; a deposit makes one at most. */
export async function insertAcceptedRecords(executor: Db, credits: CustomerCredit[], now: Date): Promise<void> {
  const values = credits.map(
    (row) => sql`(${row.journalId}::bigint, ${row.userId}::bigint, ${row.asset}, ${row.amount}::numeric, ${row.createdAt}::timestamptz)`,
  );
  await sql`
        with credit (journal_id, user_id, asset, amount, credited_at) as (values ${sql.join(values)})
        insert into auto_swap_record (user_id, deposit_journal_id, source_asset, target_asset, source_amount, status, created_at, updated_at)
        select c.user_id, c.journal_id, c.asset, s.target_asset, c.amount, 'accepted', ${now}, ${now}
          from credit c
          join auto_swap_setting s on s.user_id = c.user_id and s.source_asset = c.asset and s.enabled and s.enabled_at <= c.credited_at
        on conflict on constraint auto_swap_record_once_per_deposit do nothing`.execute(executor);
}

/** Claims a settling record on the caller's transaction (row lock): false when it is no longer settling. */
export async function touchSettlingRecord(trx: Db, id: string, now: Date): Promise<boolean> {
  const claimed = await trx
    .updateTable('auto_swap_record')
    .set({ updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'settling')
    .executeTakeFirst();
  return claimed.numUpdatedRows === 1n;
}

/** Takes an accepted record, or one left processing before `staleBefore`, for pricing (counting the attempt). */
export function claimRecordForPricing(db: Db, id: string, now: Date, staleBefore: Date): Promise<RecordRow | undefined> {
  return db
    .updateTable('auto_swap_record')
    .set((eb) => ({ status: 'processing', updated_at: now, attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .where((eb) => eb.or([eb('status', '=', 'accepted'), eb.and([eb('status', '=', 'processing'), eb('updated_at', '<', staleBefore)])]))
    .returningAll()
    .executeTakeFirst();
}

/** The record if it was left settling before `staleBefore`. */
export function stalledSettlingRecord(db: Db, id: string, staleBefore: Date): Promise<RecordRow | undefined> {
  return db
    .selectFrom('auto_swap_record')
    .selectAll()
    .where('id', '=', id)
    .where('status', '=', 'settling')
    .where('updated_at', '<', staleBefore)
    .executeTakeFirst();
}

/** Locks the record's price: processing → settling with its quote; undefined when it was no longer processing. */
export function lockRecordPrice(db: Db, id: string, quoteId: string, now: Date): Promise<RecordRow | undefined> {
  return db
    .updateTable('auto_swap_record')
    .set({ status: 'settling', quote_id: quoteId, status_reason: null, updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .returningAll()
    .executeTakeFirst();
}

/** Records waiting for work (new, or claimed before `staleBefore` by a process that stopped), oldest first. */
export function openRecordIds(db: Db, staleBefore: Date, limit: number): Promise<Array<{ id: string }>> {
  return db
    .selectFrom('auto_swap_record')
    .select('id')
    .where((eb) =>
      eb.or([eb('status', '=', 'accepted'), eb.and([eb('status', 'in', ['processing', 'settling']), eb('updated_at', '<', staleBefore)])]),
    )
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** The accepted records one deposit journal made. */
export function acceptedRecordIdsOf(db: Db, journalId: string): Promise<Array<{ id: string }>> {
  return db
    .selectFrom('auto_swap_record')
    .select('id')
    .where('deposit_journal_id', '=', journalId)
    .where('status', '=', 'accepted')
    .execute();
}

/** The scanner's cursor, locked for the caller's transaction (serialising concurrent scanners). */
export async function lockScanCursor(trx: Db, name: string): Promise<string> {
  const cursor = await sql<{
    last_id: string;
  }>`select last_id::text as last_id from trade_cursor where name = ${name} for update`.execute(trx);
  return cursor.rows[0]?.last_id ?? '0';
}

export async function advanceScanCursor(trx: Db, name: string, lastId: string): Promise<void> {
  await sql`update trade_cursor set last_id = ${lastId}::bigint where name = ${name}`.execute(trx);
}

export function findSetting(db: Db, userId: string, sourceAsset: string): Promise<SettingRow | undefined> {
  return db
    .selectFrom('auto_swap_setting')
    .selectAll()
    .where('user_id', '=', userId)
    .where('source_asset', '=', sourceAsset)
    .executeTakeFirst();
}

export function settingsOf(db: Db, userId: string): Promise<SettingRow[]> {
  return db.selectFrom('auto_swap_setting').selectAll().where('user_id', '=', userId).orderBy('source_asset').execute();
}

/** Creates or changes the setting; switching on (again) starts from now: earlier deposits are not swapped. */
export function saveSettingRow(db: Db, userId: string, body: AutoSwapSettingBody, now: Date): Promise<SettingRow> {
  return db
    .insertInto('auto_swap_setting')
    .values({
      user_id: userId,
      source_asset: body.sourceCoin,
      target_asset: body.targetCoin,
      enabled: body.enabled,
      enabled_at: now,
      updated_at: now,
    })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'source_asset']).doUpdateSet((eb) => ({
        target_asset: eb.ref('excluded.target_asset'),
        enabled: eb.ref('excluded.enabled'),
        enabled_at: sql<Date>`case when auto_swap_setting.enabled then auto_swap_setting.enabled_at else excluded.enabled_at end`,
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Deletes the setting; false when there was none. */
export async function deleteSetting(db: Db, userId: string, sourceCoin: string): Promise<boolean> {
  const result = await db
    .deleteFrom('auto_swap_setting')
    .where('user_id', '=', userId)
    .where('source_asset', '=', sourceCoin)
    .executeTakeFirst();
  return result.numDeletedRows === 1n;
}

export interface RecordFilters {
  sourceCoin?: string | undefined;
  status?: AutoSwapStatus | undefined;
  start?: Date | undefined;
  end?: Date | undefined;
}

/** One page of the customer's records, newest first, and how many match. */
export async function recordPage(
  db: Db,
  userId: string,
  filters: RecordFilters,
  limit: number,
  offset: number,
): Promise<{ total: number; rows: RecordRow[] }> {
  let base = db.selectFrom('auto_swap_record').where('user_id', '=', userId);
  if (filters.sourceCoin) base = base.where('source_asset', '=', filters.sourceCoin);
  if (filters.status) base = base.where('status', '=', filters.status);
  if (filters.start) base = base.where('created_at', '>=', filters.start);
  if (filters.end) base = base.where('created_at', '<', filters.end);
  const [count, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirst(),
    base.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).offset(offset).execute(),
  ]);
  return { total: Number(count?.total ?? 0), rows };
}
