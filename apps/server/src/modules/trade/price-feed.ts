import { toBaseUnits } from '@coffer/contract';
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
 * price (`latestUsdPrices`, advanced every tick slot), the breaker's history is the market's
 * minute closes over the window (`usdMinuteCloses`); both asked at once.
 */
export function createUsdPriceFeed(market: Pick<MarketApi, 'latestUsdPrices' | 'usdMinuteCloses'>): UsdPriceFeed {
  return async (since) => {
    const [live, closes] = await Promise.all([market.latestUsdPrices(), market.usdMinuteCloses(since)]);
    const history = new Map<string, UsdReading[]>();
    for (const close of closes) {
      const reading = { coin: close.coin, units: toBaseUnits(close.usdPrice, 8), at: close.minute };
      const list = history.get(close.coin);
      if (list) list.push(reading);
      else history.set(close.coin, [reading]);
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
