import { createExchangeTicker } from './exchange-ticker';
import { priceUnits } from './price-math';
import { nextPrice } from './simulated-market';

/**
 * Where live prices come from. `nextPrices` answers each coin's USD price (units of 1e-8)
 * for one tick slot, given the current prices; a coin it cannot price keeps its price.
 */
export interface PriceSource {
  readonly kind: 'simulated' | 'binance';
  /** Shown as the exchange of the index constituents. */
  readonly exchange: string;
  nextPrices(current: ReadonlyMap<string, bigint>, slot: number): Promise<Map<string, bigint>>;
}

const stablecoinPegs: Record<string, bigint> = { USDT: 100_000_000n, USDC: 100_000_000n };
// 5-second slots: 12 per minute, so each slot moves about 1/√12 ≈ 2/7 of a minute step.
const slotScale = { numerator: 2n, denominator: 7n };

/** The built-in market: a seeded random walk, the same in every process for the same state. */
export function createSimulatedSource(seed: string): PriceSource {
  return {
    kind: 'simulated',
    exchange: 'Coffer',
    async nextPrices(current, slot) {
      const next = new Map<string, bigint>();
      for (const [asset, last] of current) next.set(asset, nextPrice(last, seed, asset, slot, stablecoinPegs[asset], slotScale));
      return next;
    },
  };
}

/** A major exchange's public 24-hour ticker, read once per slot. */
export function createExchangeSource(options: { baseUrl: string; fetchImpl?: typeof fetch }): PriceSource {
  const ticker = createExchangeTicker(options);
  return {
    kind: 'binance',
    exchange: 'Binance',
    async nextPrices(current) {
      const quotes = await ticker.quotations([...current.keys()]);
      const next = new Map(current);
      for (const quote of quotes) if (next.has(quote.coin) && quote.usdPrice !== '0') next.set(quote.coin, priceUnits(quote.usdPrice));
      return next;
    },
  };
}
