import { sql, type Insertable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { CustodyDailySnapshotTable } from './custody.schema';

/** The SQL of `custody_daily_snapshot`; all but the organisations' list run fenced to one organisation. */

/** Cross-tenant, for the daily snapshot job: every organisation's id, read as the platform. */
export async function allOrganisationIds(db: Db): Promise<string[]> {
  const rows = await db.selectFrom('custody_org').select('id').orderBy('id').execute();
  return rows.map((row) => row.id);
}

/** Writes the day's snapshot rows, each at most once per (account, asset, day); how many were new. */
export async function insertSnapshots(trx: Db, rows: ReadonlyArray<Insertable<CustodyDailySnapshotTable>>): Promise<number> {
  if (rows.length === 0) return 0;
  const result = await trx
    .insertInto('custody_daily_snapshot')
    .values([...rows])
    .onConflict((conflict) => conflict.columns(['account_id', 'asset', 'day']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n);
}

export interface SnapshotRange {
  start: string;
  end: string;
  accountId?: string | undefined;
}

/** Per day and asset of [start, end] (both included): the balance and USD cents of the accounts together. */
export async function snapshotTotals(trx: Db, range: SnapshotRange) {
  const result = await sql<{ day: string; asset: string; balance: string; usd_cents: string }>`
    select to_char(s.day, 'YYYY-MM-DD') as day, s.asset, sum(s.balance)::text as balance, sum(s.usd_cents)::text as usd_cents
      from custody_daily_snapshot s
     where s.day between ${range.start}::date and ${range.end}::date
       ${range.accountId ? sql`and s.account_id = ${range.accountId}::bigint` : sql``}
     group by s.day, s.asset
     order by s.day, s.asset`.execute(trx);
  return result.rows;
}

/** Every snapshot row of [start, end] with its account's name, by day, account and asset (the downloads' detail). */
export async function snapshotRows(trx: Db, range: SnapshotRange) {
  const result = await sql<{ day: string; account_name: string; asset: string; balance: string; usd_price: string; usd_cents: string }>`
    select to_char(s.day, 'YYYY-MM-DD') as day, a.name as account_name, s.asset, s.balance::text as balance,
           s.usd_price::text as usd_price, s.usd_cents::text as usd_cents
      from custody_daily_snapshot s
      join custody_account a on a.id = s.account_id
     where s.day between ${range.start}::date and ${range.end}::date
       ${range.accountId ? sql`and s.account_id = ${range.accountId}::bigint` : sql``}
     order by s.day, s.account_id, s.asset`.execute(trx);
  return result.rows;
}
