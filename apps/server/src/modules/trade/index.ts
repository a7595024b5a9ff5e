import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import type { AppConfig } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import type { JobDefinition } from '../../platform/jobs/job-queue';
import type { Logger } from '../../platform/observability/logger';
import type { AssetsApi } from '../assets';
import type { Ledger } from '../ledger';
import type { MarketApi } from '../market';
import { createAutoSwapService } from './auto-swap.service';
import { createChannelSettlement, type ChannelSettlement } from './channel-settlement';
import { simulatedChannel, type LiquidityChannel } from './liquidity-channel';
import { createOrderService } from './order.service';
import { cachedFeed, createUsdPriceFeed, type UsdPriceFeed } from './price-feed';
import { preparedRunner } from './prepared';
import { createQuoteService } from './quote.service';
import { lazySigner } from './quote-signer';
import { registerTradeRoutes, type TradeServices } from './trade.routes';
import { tradeSettingsFrom } from './trade-settings';

export type { AutoSwapService } from './auto-swap.service';
export type { ChannelSettlement } from './channel-settlement';
export type { LiquidityChannel, ChannelDecision, ChannelOrder } from './liquidity-channel';
export type { OrderService } from './order.service';
export type { QuoteService } from './quote.service';
export type { TradeServices } from './trade.routes';
export { tradeBillDescriber } from './trade-bill-describer';

/** Prices are shared between the quotes of this long (they change per market tick). */
const priceCacheMs = 1000;

/** What `app.ts` gets: the services behind the routes, the channel settler, the jobs and the routes. */
export interface TradeModule {
  /** Quotes, orders and automatic swap; the deposit module is given `autoSwap.onDepositCredited`. */
  services: TradeServices;
  /** Large orders' settlement through the liquidity channel (tests settle with it directly). */
  channel: ChannelSettlement;
  jobs: JobDefinition[];
  register(app: FastifyInstance): void;
}

export interface TradeModuleDeps {
  db: Db;
  assets: AssetsApi;
  ledger: Ledger;
  config: AppConfig;
  market: Pick<MarketApi, 'latestUsdPrices' | 'usdMinuteCloses'>;
  logger?: Logger;
  clock?: () => Date;
  feed?: UsdPriceFeed;
  priceCacheMs?: number;
  pool?: Pool;
  asyncCommitPool?: Pool;
  channel?: LiquidityChannel;
  /** The largest trade of the customer's verified KYC level (spec §6), USD; none: only TRADE_MAX_USD. */
  levelTradeMaxUsd?: (userId: string) => Promise<string>;
}

/**
 * The trade module: spot quotes (RFQ), orders and automatic swap. `clock` and `feed` are
 * injectable for tests; the deposit module may call `autoSwap.onDepositCredited`.
 */
export function createTradeModule(deps: TradeModuleDeps): TradeModule {
  const clock = deps.clock ?? (() => new Date());
  const settings = tradeSettingsFrom(deps.config);
  const feed = cachedFeed(deps.feed ?? createUsdPriceFeed(deps.market), deps.priceCacheMs ?? priceCacheMs, clock);
  const run = preparedRunner(deps.db, deps.pool);
  // Quotes and unpaid placements may be forgotten by a crash (the customer asks again); a
  // pay, committed after them, waits for the disk and makes them durable with it.
  const runAsyncCommit = preparedRunner(deps.db, deps.asyncCommitPool ?? deps.pool);
  const quotes = createQuoteService({
    db: deps.db,
    assets: deps.assets,
    settings,
    feed,
    signer: lazySigner(deps.db, settings),
    clock,
    runAsyncCommit,
    ...(deps.levelTradeMaxUsd ? { levelTradeMaxUsd: deps.levelTradeMaxUsd } : {}),
  });
  const liquidity =
    deps.channel ??
    simulatedChannel({
      db: deps.db,
      feed,
      tolerancePercent: settings.channelTolerancePercent,
      maxPriceAgeSeconds: settings.maxPriceAgeSeconds,
      clock,
    });
  const channel = createChannelSettlement({
    db: deps.db,
    ledger: deps.ledger,
    channel: liquidity,
    clock,
    ...(deps.logger ? { logger: deps.logger } : {}),
  });
  const orders = createOrderService({ db: deps.db, ledger: deps.ledger, quotes, clock, run, runAsyncCommit, channel });
  const autoSwap = createAutoSwapService({
    db: deps.db,
    ledger: deps.ledger,
    quotes,
    settings,
    clock,
    ...(deps.logger ? { logger: deps.logger } : {}),
  });
  const services: TradeServices = { quotes, orders, autoSwap };
  return {
    services,
    channel,
    jobs: [orders.expireJob(), autoSwap.job(), channel.job()],
    register: (app: FastifyInstance) => registerTradeRoutes(app, services),
  };
}
