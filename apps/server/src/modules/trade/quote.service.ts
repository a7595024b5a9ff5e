import {
  AmountFormatError,
  fromBaseUnits,
  toBaseUnits,
  type Quote,
  type QuoteRequest,
  type SignedQuoteFields,
  type TradePairs,
  type TradeSide,
} from '@coffer/contract';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { UsdPriceFeed, UsdReading } from './price-feed';
import { firmPrice, hasMovedTooMuch, midPrice, priceScale, quoteTerms, usdValue } from './pricing';
import { publishedKey, type QuoteSigner } from './quote-signer';
import type { TradePairConfig, TradeSettings } from './trade-settings';
import type { TradeQuoteTable } from './trade.schema';
import type { PreparedRunner } from './prepared';
import { quoteStore } from './quote-store';
import type { Selectable } from 'kysely';

export type QuoteRow = Selectable<TradeQuoteTable>;

/** A `QuoteRow` read from `trade_quote q` (ids and amounts as text), for queries that join quotes. */
export const quoteColumnsText = `
  q.id::text as id, q.user_id::text as user_id, q.purpose, q.pair, q.base_asset, q.quote_asset, q.side, q.price::text as price,
  q.price_scale, q.base_amount::text as base_amount, q.quote_amount::text as quote_amount, q.fee::text as fee, q.fee_rate,
  q.expires_at, q.created_at, q.key_id, q.signature, q.settlement`;

export interface ResolvedPair extends TradePairConfig {
  baseScale: number;
  quoteScale: number;
}

const idBlockSize = 64;
/** Quote inserts at the database at once before the next ones wait to leave together. */
const storeBatching = { maxInFlight: 3, maxBatch: 64 };

/** Spot quotes by request for quote: a firm, signed price for a few seconds. */
export function createQuoteService(deps: {
  db: Db;
  settings: TradeSettings;
  feed: UsdPriceFeed;
  signer: () => Promise<QuoteSigner>;
  clock: () => Date;
  /** Stores quotes: a commit that need not wait for the disk (a forgotten quote is asked again). */
  runAsyncCommit: PreparedRunner;
}) {
  const { db, settings, feed, signer, clock, runAsyncCommit } = deps;
  const store = quoteStore(runAsyncCommit, storeBatching);
  let scales: Promise<Map<string, number>> | null = null;
  const idBlock: string[] = [];
  let refill: Promise<void> | null = null;

  const assetScales = () =>
    (scales ??= db
      .selectFrom('asset')
      .select(['code', 'scale'])
      .where('is_enabled', '=', true)
      .execute()
      .then((rows) => new Map(rows.map((row) => [row.code, row.scale])))
      .catch((error: unknown) => {
        scales = null;
        throw error;
      }));

  async function resolvePair(pair: string): Promise<ResolvedPair> {
    const configured = settings.pairs.find((candidate) => candidate.pair === pair.toUpperCase());
    const known = await assetScales();
    const baseScale = configured ? known.get(configured.base) : undefined;
    const quoteScale = configured ? known.get(configured.quote) : undefined;
    if (!configured || baseScale === undefined || quoteScale === undefined) throw new AppError('tradePairNotSupported', {}, 'pair');
    return { ...configured, baseScale, quoteScale };
  }

  /** The pair that converts `source` into `target`, and the side that does it. */
  async function pairFor(source: string, target: string): Promise<{ pair: ResolvedPair; side: TradeSide } | null> {
    const direct = settings.pairs.find((pair) => pair.base === source && pair.quote === target);
    if (direct) return { pair: await resolvePair(direct.pair), side: 'sell' };
    const reverse = settings.pairs.find((pair) => pair.base === target && pair.quote === source);
    if (reverse) return { pair: await resolvePair(reverse.pair), side: 'buy' };
    return null;
  }

  /** Quote ids are drawn from the sequence in blocks: the signature covers the id. */
  async function nextQuoteId(): Promise<string> {
    while (idBlock.length === 0) {
      refill ??= sql<{ id: string }>`select nextval('trade_quote_id_seq')::text as id from generate_series(1, ${idBlockSize})`
        .execute(db)
        .then((result) => {
          idBlock.push(...result.rows.map((row) => row.id));
        })
        .finally(() => {
          refill = null;
        });
      await refill;
    }
    return idBlock.shift()!;
  }

  /** Newest USD prices of both coins and the pair's readings over the breaker window. */
  async function marketFor(pair: ResolvedPair, now: Date) {
    const windowStart = new Date(now.getTime() - settings.breakerWindowSeconds * 1000);
    const oldestUseful = new Date(now.getTime() - Math.max(settings.breakerWindowSeconds, settings.maxPriceAgeSeconds) * 1000);
    let snapshot;
    try {
      snapshot = await feed(oldestUseful);
    } catch {
      throw new AppError('quoteRequestFailed');
    }
    const base = snapshot.latest.get(pair.base);
    const quote = snapshot.latest.get(pair.quote);
    const maxAgeMs = settings.maxPriceAgeSeconds * 1000;
    const isFresh = (reading: UsdReading | undefined): reading is UsdReading =>
      reading !== undefined && reading.units > 0n && now.getTime() - reading.at.getTime() <= maxAgeMs;
    if (!isFresh(base) || !isFresh(quote)) throw new AppError('quoteRequestFailed');

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

  function parseAmount(text: string, scale: number): bigint {
    let units: bigint;
    try {
      units = toBaseUnits(text, scale);
    } catch (error) {
      if (error instanceof AmountFormatError) throw new AppError('invalidParameter', {}, 'amount');
      throw error;
    }
    if (units <= 0n) throw new AppError('invalidParameter', {}, 'amount');
    return units;
  }

  function signedFieldsOf(row: QuoteRow, pair: ResolvedPair): Omit<SignedQuoteFields, 'keyId'> {
    const base = (units: string) => fromBaseUnits(BigInt(units), pair.baseScale);
    const quote = (units: string) => fromBaseUnits(BigInt(units), pair.quoteScale);
    const isBuy = row.side === 'buy';
    const fee = BigInt(row.fee);
    const grossReceive = BigInt(isBuy ? row.base_amount : row.quote_amount);
    return {
      quoteId: row.id,
      pair: row.pair,
      side: row.side,
      price: fromBaseUnits(BigInt(row.price), row.price_scale),
      baseAmount: base(row.base_amount),
      quoteAmount: quote(row.quote_amount),
      payCoin: isBuy ? pair.quote : pair.base,
      payAmount: isBuy ? quote(row.quote_amount) : base(row.base_amount),
      receiveCoin: isBuy ? pair.base : pair.quote,
      receiveAmount: isBuy ? base(String(grossReceive - fee)) : quote(String(grossReceive - fee)),
      feeCoin: isBuy ? pair.base : pair.quote,
      fee: isBuy ? base(row.fee) : quote(row.fee),
      expiresAt: row.expires_at.toISOString(),
    };
  }

  async function describe(row: QuoteRow): Promise<Quote> {
    const pair = await resolvePair(row.pair);
    return {
      ...signedFieldsOf(row, pair),
      baseCoin: pair.base,
      quoteCoin: pair.quote,
      feeRate: row.fee_rate,
      issuedAt: row.created_at.toISOString(),
      validitySeconds: Math.max(0, Math.round((row.expires_at.getTime() - row.created_at.getTime()) / 1000)),
      signature: row.signature,
      keyId: row.key_id,
      settlement: row.settlement,
    };
  }

  /** Prices, signs and stores a quote; `purpose` separates spot quotes from auto-swap ones. */
  async function createQuote(
    userId: string,
    request: QuoteRequest,
    purpose: 'spot' | 'autoSwap' = 'spot',
    executor: Db = db,
  ): Promise<{ row: QuoteRow; quote: Quote }> {
    const pair = await resolvePair(request.pair);
    const coin = request.amountCoin.toUpperCase();
    if (coin !== pair.base && coin !== pair.quote) throw new AppError('invalidParameter', {}, 'amountCoin');
    const amountIn = coin === pair.base ? 'base' : 'quote';
    const amount = parseAmount(request.amount, amountIn === 'base' ? pair.baseScale : pair.quoteScale);

    const now = clock();
    const market = await marketFor(pair, now);
    if (market.hasMovedTooMuch) throw new AppError('circuitBreaker');
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
    if (!terms) throw new AppError('tradeAmountTooSmall', {}, 'amount');
    const payValue =
      request.side === 'buy'
        ? usdValue(terms.payAmount, pair.quoteScale, market.quoteUsd)
        : usdValue(terms.payAmount, pair.baseScale, market.baseUsd);
    if (payValue > settings.maxUsd) throw new AppError('tradeAmountTooLarge', {}, 'amount');

    const [id, key] = await Promise.all([nextQuoteId(), signer()]);
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
    const values = [
      row.id,
      row.user_id,
      row.purpose,
      row.pair,
      row.base_asset,
      row.quote_asset,
      row.side,
      row.price,
      row.price_scale,
      row.base_amount,
      row.quote_amount,
      row.fee,
      row.fee_rate,
      row.expires_at,
      row.created_at,
      row.key_id,
      row.signature,
      row.settlement,
    ];
    if (executor === db) await store.insert(values);
    else await executor.insertInto('trade_quote').values(row).execute();
    return { row, quote: await describe(row) };
  }

  async function scaleOf(coin: string): Promise<number> {
    const scale = (await assetScales()).get(coin);
    if (scale === undefined) throw new AppError('coinNotSupported', {}, 'coin');
    return scale;
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

    /** Every public key that has signed quotes (the current one first). */
    async keys() {
      const current = await signer();
      const rows = await db.selectFrom('trade_signing_key').select(['key_id', 'public_key']).orderBy('created_at', 'desc').execute();
      const others = rows.filter((row) => row.key_id !== current.keyId).map((row) => publishedKey(row.key_id, row.public_key));
      return { keys: [current.publicKey, ...others] };
    },

    async publicKeyOf(keyId: string): Promise<string> {
      const row = await db.selectFrom('trade_signing_key').select('public_key').where('key_id', '=', keyId).executeTakeFirstOrThrow();
      return row.public_key;
    },
  };
}

export type QuoteService = ReturnType<typeof createQuoteService>;
