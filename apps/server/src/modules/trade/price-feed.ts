import { toBaseUnits } from '@coffer/contract';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { MarketApi } from '../market';

/** A coin's USD price in units of 1e-8 USD and when it was observed. */
export interface UsdReading {
  coin: string;
  units: bigint;
  at: Date;
}

export interface UsdPriceSnapshot {
  /** The newest reading per coin. */
  latest: Map<string, UsdReading>;
  /** Readings per coin since the start of the window, oldest first (includes the newest). */
  history: Map<string, UsdReading[]>;
}

export type UsdPriceFeed = (since: Date) => Promise<UsdPriceSnapshot>;

/**
 * The trade module's one door to the market's prices: the newest price is the market's live
 * price (`latestUsdPrices`, advanced every tick slot), the breaker's history is the minute
 * closes of `market_tick` over the window.
 */
export function createUsdPriceFeed(db: Db, market: Pick<MarketApi, 'latestUsdPrices'>): UsdPriceFeed {
  return async (since) => {
    const [live, rows] = await Promise.all([
      market.latestUsdPrices(),
      sql<{ asset: string; minute: Date; usd_price: string }>`
        select asset, minute, usd_price::text as usd_price from market_tick where minute >= ${since} order by asset, minute`.execute(db),
    ]);
    const history = new Map<string, UsdReading[]>();
    for (const row of rows.rows) {
      const reading = { coin: row.asset, units: toBaseUnits(row.usd_price, 8), at: new Date(row.minute) };
      const list = history.get(row.asset);
      if (list) list.push(reading);
      else history.set(row.asset, [reading]);
    }
    const latest = new Map<string, UsdReading>();
    for (const price of live.values()) {
      const reading = { coin: price.coin, units: toBaseUnits(price.usdPrice, 8), at: price.updatedAt };
      latest.set(price.coin, reading);
      const list = history.get(price.coin);
      if (list) list.push(reading);
      else history.set(price.coin, [reading]);
    }
    return { latest, history };
  };
}

/** Shares one snapshot between the quotes of `ttlMs` (prices change per tick, not per request). */
export function cachedFeed(feed: UsdPriceFeed, ttlMs: number, clock: () => Date): UsdPriceFeed {
  let cached: { at: number; since: number; value: Promise<UsdPriceSnapshot> } | null = null;
  return (since) => {
    const now = clock().getTime();
    if (cached && now - cached.at < ttlMs && now >= cached.at && cached.since <= since.getTime()) return cached.value;
    const value = feed(since);
    const entry = { at: now, since: since.getTime(), value };
    cached = entry;
    value.catch(() => {
      if (cached === entry) cached = null;
    });
    return value;
  };
}
