import {
  fromBaseUnits,
  toBaseUnits,
  type Quote,
  type QuoteKey,
  type QuoteRequest,
  type SignedQuoteFields,
  type TradePairs,
  type TradeSide,
} from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import type { AssetsApi } from '../assets';
import type { UsdPriceFeed, UsdReading } from './price-feed';
import { firmPrice, midPrice, priceScale, quoteTerms, usdValue } from './pricing';
import type { PreparedRunner } from './prepared';
import { marketFor, parseAmount } from './quote-market';
import { publishedKey, type QuoteSigner } from './quote-signer';
import { quoteStore, quoteValuesOf } from './quote-store';
import { quoteOf, signedFieldsOf } from './quote-view';
import { createQuoteIds, insertQuote, signingKeys, signingPublicKey, type QuoteRow } from './quote.repository';
import { tradeError } from './trade.errors';
import { createPairCatalogue, type ResolvedPair } from './trade-pairs';
import type { TradeSettings } from './trade-settings';

export { quoteColumnsText, type QuoteRow } from './quote.repository';
export type { ResolvedPair } from './trade-pairs';

/** Quote inserts at the database at once before the next ones wait to leave together. */
const storeBatching = { maxInFlight: 3, maxBatch: 64 };

/** What orders, automatic swap and the routes ask of quotes. */
export interface QuoteService {
  /** A coin's scale; `coinNotSupported` naming `coin` when the catalogue has no such coin. */
  scaleOf(coin: string): Promise<number>;
  resolvePair(pair: string): Promise<ResolvedPair>;
  /** The pair that converts `source` into `target`, and the side that does it. */
  pairFor(source: string, target: string): Promise<{ pair: ResolvedPair; side: TradeSide } | null>;
  describe(row: QuoteRow): Promise<Quote>;
  signedFieldsOf(row: QuoteRow, pair: ResolvedPair): Omit<SignedQuoteFields, 'keyId'>;
  /** Prices, signs and stores a quote; `purpose` separates spot quotes from auto-swap ones. */
  createQuote(
    userId: string,
    request: QuoteRequest,
    purpose?: 'spot' | 'autoSwap',
    executor?: Db,
  ): Promise<{ row: QuoteRow; quote: Quote }>;
  quote(userId: string, request: QuoteRequest): Promise<Quote>;
  pairs(): Promise<TradePairs>;
  /** Every public key that has signed quotes (the current one first). */
  keys(): Promise<{ keys: QuoteKey[] }>;
  publicKeyOf(keyId: string): Promise<string>;
}

/** Spot quotes by request for quote: a firm, signed price for a few seconds. */
export function createQuoteService(deps: {
  db: Db;
  /** The catalogue's coins, read once per process: a quote pays no round trip for them. */
  assets: Pick<AssetsApi, 'list'>;
  settings: TradeSettings;
  feed: UsdPriceFeed;
  signer: () => Promise<QuoteSigner>;
  clock: () => Date;
  /** Stores quotes: a commit that need not wait for the disk (a forgotten quote is asked again). */
  runAsyncCommit: PreparedRunner;
  /** The largest trade of the customer's verified level, USD as a decimal string (spec §6); none: no level limit. */
  levelTradeMaxUsd?: (userId: string) => Promise<string>;
}): QuoteService {
  const { db, assets, settings, feed, signer, clock, runAsyncCommit } = deps;
  const store = quoteStore(runAsyncCommit, storeBatching);
  const ids = createQuoteIds(db);
  const { assetScales, resolvePair, pairFor, scaleOf } = createPairCatalogue({ assets, settings });

  async function describe(row: QuoteRow): Promise<Quote> {
    const pair = await resolvePair(row.pair);
    return quoteOf(row, pair);
  }

  async function createQuote(
    userId: string,
    request: QuoteRequest,
    purpose: 'spot' | 'autoSwap' = 'spot',
    executor: Db = db,
  ): Promise<{ row: QuoteRow; quote: Quote }> {
    const pair = await resolvePair(request.pair);
    const coin = request.amountCoin.toUpperCase();
    if (coin !== pair.base && coin !== pair.quote) throw tradeError('invalidParameter', {}, 'amountCoin');
    const amountIn = coin === pair.base ? 'base' : 'quote';
    const amount = parseAmount(request.amount, amountIn === 'base' ? pair.baseScale : pair.quoteScale);

    const now = clock();
    const market = await marketFor(feed, settings, pair, now);
    if (market.hasMovedTooMuch) throw tradeError('circuitBreaker');
    const price = firmPrice(request.side, market.baseUsd, market.quoteUsd, settings.spreadRate);
    const terms =
      price > 0n
        ? quoteTerms({
            side: request.side,
            price,
            amount,
            amountIn,
            baseScale: pair.baseScale,
            quoteScale: pair.quoteScale,
            feeRate: settings.feeRate,
          })
        : null;
    if (!terms) throw tradeError('tradeAmountTooSmall', {}, 'amount');
    const payValue =
      request.side === 'buy'
        ? usdValue(terms.payAmount, pair.quoteScale, market.quoteUsd)
        : usdValue(terms.payAmount, pair.baseScale, market.baseUsd);
    if (payValue > settings.maxUsd) throw tradeError('tradeAmountTooLarge', {}, 'amount');
    if (deps.levelTradeMaxUsd) {
      const limit = await deps.levelTradeMaxUsd(userId);
      if (payValue > toBaseUnits(limit, priceScale)) throw tradeError('tradeAboveLevelLimit', { limit }, 'amount');
    }

    const [id, key] = await Promise.all([ids.next(), signer()]);
    const row: QuoteRow = {
      id,
      user_id: userId,
      purpose,
      pair: pair.pair,
      base_asset: pair.base,
      quote_asset: pair.quote,
      side: request.side,
      price: terms.price.toString(),
      price_scale: priceScale,
      base_amount: terms.baseAmount.toString(),
      quote_amount: terms.quoteAmount.toString(),
      fee: terms.fee.toString(),
      fee_rate: settings.feeRateText,
      expires_at: new Date(now.getTime() + settings.quoteTtlSeconds * 1000),
      created_at: now,
      key_id: key.keyId,
      signature: '',
      // Large spot orders are hedged outside before they settle; automatic swaps never are.
      settlement: purpose === 'spot' && payValue >= settings.channelMinUsd ? 'channel' : 'immediate',
    };
    row.signature = key.sign(signedFieldsOf(row, pair)).signature;
    if (executor === db) await store.insert(quoteValuesOf(row));
    else await insertQuote(executor, row);
    return { row, quote: await describe(row) };
  }

  return {
    scaleOf,
    resolvePair,
    pairFor,
    describe,
    signedFieldsOf,
    createQuote,
    quote: async (userId: string, request: QuoteRequest) => (await createQuote(userId, request)).quote,

    async pairs(): Promise<TradePairs> {
      const known = await assetScales();
      let latest = new Map<string, UsdReading>();
      try {
        latest = (await feed(new Date(clock().getTime() - settings.maxPriceAgeSeconds * 1000))).latest;
      } catch {
        // The list still answers without indicative prices.
      }
      return {
        pairs: settings.pairs.flatMap((pair) => {
          const baseScale = known.get(pair.base);
          const quoteScale = known.get(pair.quote);
          if (baseScale === undefined || quoteScale === undefined) return [];
          const base = latest.get(pair.base);
          const quote = latest.get(pair.quote);
          const indicative = base && quote && quote.units > 0n ? fromBaseUnits(midPrice(base.units, quote.units), priceScale) : null;
          return [
            { pair: pair.pair, baseCoin: pair.base, quoteCoin: pair.quote, baseScale, quoteScale, priceScale, indicativePrice: indicative },
          ];
        }),
        quoteTtlSeconds: settings.quoteTtlSeconds,
        feeRate: settings.feeRateText,
      };
    },

    async keys() {
      const current = await signer();
      const rows = await signingKeys(db);
      const others = rows.filter((row) => row.key_id !== current.keyId).map((row) => publishedKey(row.key_id, row.public_key));
      return { keys: [current.publicKey, ...others] };
    },

    publicKeyOf: (keyId: string) => signingPublicKey(db, keyId),
  };
}
