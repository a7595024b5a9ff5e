import type { Db } from '../../platform/db/database';
import { usdMinuteCloseRows } from './market.repository';

/** A coin's USD close of one minute (`market_tick`), as exact decimal text. */
export interface UsdMinuteClose {
  coin: string;
  minute: Date;
  usdPrice: string;
}

/** Every coin's minute closes from `since` on, by coin then minute: one indexed range read, for trade's breaker on each quote. */
export async function usdMinuteClosesSince(db: Db, since: Date): Promise<UsdMinuteClose[]> {
  const rows = await usdMinuteCloseRows(db, since);
  return rows.map((row) => ({ coin: row.asset, minute: new Date(row.minute), usdPrice: row.usd_price }));
}
