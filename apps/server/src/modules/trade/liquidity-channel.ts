import type { TradeSide } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import { findChannelDecision, insertChannelDecision } from './channel-execution.repository';
import type { UsdPriceFeed } from './price-feed';
import { midPrice } from './pricing';

/** A channel order: the desk's side of a large customer order, to be hedged outside. */
export interface ChannelOrder {
  orderId: string;
  base: string;
  quote: string;
  /** The customer's side; the desk hedges the opposite way. */
  side: TradeSide;
  /** The customer's firm price, quote coin per base coin at the pricing scale. */
  price: bigint;
}

export interface ChannelDecision {
  outcome: 'filled' | 'rejected';
  reason: string | null;
}

/**
 * Where large orders are hedged. `execute` is idempotent per order id: asked again (after a
 * crash, a timeout), it answers the decision it already took. It throws when it cannot answer
 * (unreachable, no price): the order is then retried later.
 */
export interface LiquidityChannel {
  execute(order: ChannelOrder): Promise<ChannelDecision>;
}

/**
 * The embedded default: fills at the market's live mid price unless the market moved against
 * the desk by more than `tolerancePercent` (units of 1e-4 %) since the customer's price — the
 * hedge would then lose more than the spread covers, and the channel rejects the order.
 * Decisions are kept in `trade_channel_execution`, one per order.
 */
export function simulatedChannel(deps: {
  db: Db;
  feed: UsdPriceFeed;
  tolerancePercent: bigint;
  maxPriceAgeSeconds: number;
  clock: () => Date;
}): LiquidityChannel {
  const { db, feed, tolerancePercent, maxPriceAgeSeconds, clock } = deps;
  return {
    async execute(order) {
      const taken = await findChannelDecision(db, order.orderId);
      if (taken) return taken;
      const now = clock();
      const { latest } = await feed(new Date(now.getTime() - maxPriceAgeSeconds * 1000));
      const base = latest.get(order.base);
      const quote = latest.get(order.quote);
      const isFresh = (at: Date) => now.getTime() - at.getTime() <= maxPriceAgeSeconds * 1000;
      if (!base || !quote || quote.units <= 0n || !isFresh(base.at) || !isFresh(quote.at))
        throw new Error('the channel has no fresh price');
      const market = midPrice(base.units, quote.units);
      // A customer buy is hedged by buying at the market: a higher market is the desk's loss.
      const adverse = order.side === 'buy' ? market - order.price : order.price - market;
      const isTooFar = adverse * 1_000_000n > order.price * tolerancePercent;
      await insertChannelDecision(db, {
        orderId: order.orderId,
        outcome: isTooFar ? 'rejected' : 'filled',
        reason: isTooFar ? 'priceMoved' : null,
        marketPrice: market.toString(),
        decidedAt: now,
      });
      // Whoever decided first, every caller answers that decision.
      const decided = await findChannelDecision(db, order.orderId);
      if (!decided) throw new Error('the channel decision was not recorded');
      return decided;
    },
  };
}
