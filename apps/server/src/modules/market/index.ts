import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import type { AppConfig } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import type { JobDefinition } from '../../platform/jobs/job-queue';
import type { Logger } from '../../platform/observability/logger';
import type { AssetsApi } from '../assets';
import { createCryptoIndexService } from './crypto-index.service';
import { createFavouritesRepository } from './favourites.repository';
import { createFavouritesService } from './favourites.service';
import { createLiveTicker } from './live-ticker';
import { registerMarketRoutes, type MarketServices } from './market.routes';
import { usdMinuteClosesSince, type UsdMinuteClose } from './minute-closes';
import { createMarketService, type LivePrice, type MarketService, minuteMs } from './market.service';
import { percentChange, priceText, priceUnits } from './price-math';
import { createExchangeSource, createSimulatedSource, type PriceSource } from './price-source';
import { createQuotationFeed } from './quotation-feed';
import { createQuotationsService } from './quotations.service';

export { createExchangeTicker } from './exchange-ticker';
export type { LivePrice } from './market.service';
export type { UsdMinuteClose } from './minute-closes';
export type { PriceSource } from './price-source';

/** What other modules (wallet valuation, trade) read from the market. Keep it stable. */
export interface MarketApi {
  /** Every enabled coin's live USD price (the reference price until the first tick), by coin code. */
  latestUsdPrices(): Promise<Map<string, LivePrice>>;
  /** Lowest, highest and latest USD price of a coin over the last `windowMs` (minute closes plus the live price). */
  usdPriceRange(coin: string, windowMs: number): Promise<{ low: string; high: string; latest: string }>;
  /** Every enabled coin's live USD price with its 24-hour change (percent, two decimals), in catalogue order. */
  usdQuotations(): Promise<Array<{ coin: string; usdPrice: string; change24h: string }>>;
  /** Every coin's USD minute closes from `since` on, ordered by coin then minute (the live price not included). */
  usdMinuteCloses(since: Date): Promise<UsdMinuteClose[]>;
}

export function createPriceSource(
  config: Pick<AppConfig, 'MARKET_SEED' | 'PRICE_SOURCE' | 'PRICE_SOURCE_URL'>,
  fetchImpl?: typeof fetch,
): PriceSource {
  return config.PRICE_SOURCE === 'binance'
    ? createExchangeSource({ baseUrl: config.PRICE_SOURCE_URL, ...(fetchImpl ? { fetchImpl } : {}) })
    : createSimulatedSource(config.MARKET_SEED);
}

export interface MarketModuleDeps {
  db: Db;
  assets: AssetsApi;
  config: Pick<AppConfig, 'MARKET_SEED' | 'PRICE_SOURCE' | 'PRICE_SOURCE_URL'>;
  logger: Logger;
  /** The pool behind `db`: the listener opens its own connection with the same settings. */
  pool?: Pool | undefined;
  /** Background processes tick; every process listens and serves the WebSocket. */
  runsTicker: boolean;
  source?: PriceSource;
}

/** What `app.ts` gets: the API other modules read, the services behind the routes, the prune job, the routes and the feed's life cycle. */
export interface MarketModule {
  market: MarketService;
  api: MarketApi;
  services: MarketServices;
  jobs: JobDefinition[];
  register(app: FastifyInstance): Promise<void>;
  /** Starts the quotation feed and, in a background process, the ticker. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * The market module: live prices from the configured source (a tick per 5-second slot in
 * PostgreSQL, minute closes kept 8 days), quotation boards in USDT/USDC/BTC, favourites,
 * the crypto index, and the quotations WebSocket fed through LISTEN/NOTIFY.
 */
export function createMarketModule(deps: MarketModuleDeps): MarketModule {
  const { assets } = deps;
  const market = createMarketService({ db: deps.db, source: deps.source ?? createPriceSource(deps.config), assets });
  const quotations = createQuotationsService({ market, assets });
  const favourites = createFavouritesService({ favourites: createFavouritesRepository(deps.db), assets });
  const cryptoIndex = createCryptoIndexService({ market, assets });
  const feed = createQuotationFeed({
    connectionString: deps.pool?.options.connectionString,
    logger: deps.logger,
    readBoard: (quote) => quotations.board(quote),
  });
  const ticker = createLiveTicker({ tick: () => market.tick(), logger: deps.logger, onAdvanced: () => feed.announceLocally() });

  const api: MarketApi = {
    latestUsdPrices: () => market.latestUsdPrices(),
    usdMinuteCloses: (since) => usdMinuteClosesSince(deps.db, since),
    async usdPriceRange(coin, windowMs) {
      const now = Date.now();
      const [prices, stats] = await Promise.all([
        market.latestUsdPrices(),
        market.windowStats(null, new Date(now - windowMs), new Date(now + minuteMs)),
      ]);
      const live = prices.get(coin.toUpperCase());
      if (!live) throw new RangeError(`no price for ${coin}`);
      const latest = priceUnits(live.usdPrice);
      const window = stats.get(live.coin);
      const low = window && window.low < latest ? window.low : latest;
      const high = window && window.high > latest ? window.high : latest;
      return { low: priceText(low), high: priceText(high), latest: live.usdPrice };
    },
    async usdQuotations() {
      const now = Date.now();
      const [prices, stats] = await Promise.all([
        market.latestUsdPrices(),
        market.windowStats(null, new Date(now - 24 * 3600_000), new Date(now + minuteMs)),
      ]);
      return [...prices.values()].map((price) => {
        const latest = priceUnits(price.usdPrice);
        return { coin: price.coin, usdPrice: price.usdPrice, change24h: percentChange(stats.get(price.coin)?.earliest ?? latest, latest) };
      });
    },
  };

  const pruneJob: JobDefinition = {
    name: 'market.prune-ticks',
    cron: '17 * * * *',
    handle: async () => {
      await market.pruneHistory();
    },
  };

  return {
    market,
    api,
    services: { quotations, favourites, cryptoIndex, feed },
    jobs: [pruneJob],
    register: (app: FastifyInstance) => registerMarketRoutes(app, { quotations, favourites, cryptoIndex, feed }),
    async start(): Promise<void> {
      await feed.start();
      if (deps.runsTicker) ticker.start();
    },
    async stop(): Promise<void> {
      await ticker.stop();
      await feed.stop();
    },
  };
}
