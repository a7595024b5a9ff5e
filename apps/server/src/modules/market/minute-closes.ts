import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';

/** A coin's USD close of one minute (`market_tick`), as exact decimal text. */
export interface UsdMinuteClose {
  coin: string;
  minute: Date;
  usdPrice: string;
}

/** Every coin's minute closes from `since` on, by coin then minute: one indexed range read, for trade's breaker on each quote. */
export async function usdMinuteClosesSince(db: Db, since: Date): Promise<UsdMinuteClose[]> {
  const rows = await sql<{ asset: string; minute: Date; usd_price: string }>`
    select asset, minute, usd_price::text as usd_price from market_tick where minute >= ${since} order by asset, minute`.execute(db);
  return rows.rows.map((row) => ({ coin: row.asset, minute: new Date(row.minute), usdPrice: row.usd_price }));
}
