import { AmountFormatError, toBaseUnits } from '@coffer/contract';
import type { UsdPriceFeed, UsdReading } from './price-feed';
import { hasMovedTooMuch, midPrice } from './pricing';
import { tradeError } from './trade.errors';
import type { ResolvedPair } from './trade-pairs';
import type { TradeSettings } from './trade-settings';

/** What a quote is priced from: both coins' newest USD prices, and whether the pair moved past the breaker. */
export interface QuoteMarket {
  baseUsd: bigint;
  quoteUsd: bigint;
  hasMovedTooMuch: boolean;
}

/** Newest USD prices of both coins and the pair's readings over the breaker window. */
export async function marketFor(feed: UsdPriceFeed, settings: TradeSettings, pair: ResolvedPair, now: Date): Promise<QuoteMarket> {
  const windowStart = new Date(now.getTime() - settings.breakerWindowSeconds * 1000);
  const oldestUseful = new Date(now.getTime() - Math.max(settings.breakerWindowSeconds, settings.maxPriceAgeSeconds) * 1000);
  let snapshot;
  try {
    snapshot = await feed(oldestUseful);
  } catch {
    throw tradeError('quoteRequestFailed');
  }
  const base = snapshot.latest.get(pair.base);
  const quote = snapshot.latest.get(pair.quote);
  const maxAgeMs = settings.maxPriceAgeSeconds * 1000;
  const isFresh = (reading: UsdReading | undefined): reading is UsdReading =>
    reading !== undefined && reading.units > 0n && now.getTime() - reading.at.getTime() <= maxAgeMs;
  if (!isFresh(base) || !isFresh(quote)) throw tradeError('quoteRequestFailed');

  const quoteByTime = new Map((snapshot.history.get(pair.quote) ?? []).map((reading) => [reading.at.getTime(), reading.units]));
  const readings = (snapshot.history.get(pair.base) ?? [])
    .filter((reading) => reading.at >= windowStart)
    .flatMap((reading) => {
      const quoteUnits = quoteByTime.get(reading.at.getTime());
      return quoteUnits && quoteUnits > 0n ? [midPrice(reading.units, quoteUnits)] : [];
    });
  readings.push(midPrice(base.units, quote.units));
  return { baseUsd: base.units, quoteUsd: quote.units, hasMovedTooMuch: hasMovedTooMuch(readings, settings.breakerPercent) };
}

/** A requested amount in base units: positive, at most `scale` decimals; `invalidParameter` naming `amount` otherwise. */
export function parseAmount(text: string, scale: number): bigint {
  let units: bigint;
  try {
    units = toBaseUnits(text, scale);
  } catch (error) {
    if (error instanceof AmountFormatError) throw tradeError('invalidParameter', {}, 'amount');
    throw error;
  }
  if (units <= 0n) throw tradeError('invalidParameter', {}, 'amount');
  return units;
}
