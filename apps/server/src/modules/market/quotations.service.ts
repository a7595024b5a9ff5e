import { type HistoryRange, type QuotationBoard, type QuotationDetail, type QuoteCurrency, quotePriceScale } from '@coffer/contract';
import { composeIndex, percentText } from './crypto-index';
import type { AssetsApi } from '../assets';
import { marketError } from './market.errors';
import { type LivePrice, type MarketService, minuteMs, type WindowStats } from './market.service';
import { percentChange, priceText, priceUnits, quotientUnits } from './price-math';

const dayMs = 24 * 3600_000;

/** Each chart range and the interval of its points (60 to 336 points). */
export const historyRangeSpec: Record<HistoryRange, { spanMs: number; bucketSeconds: number }> = {
  '1h': { spanMs: 3600_000, bucketSeconds: 60 },
  '24h': { spanMs: dayMs, bucketSeconds: 300 },
  '7d': { spanMs: 7 * dayMs, bucketSeconds: 1800 },
};

const maxOf = (a: bigint, b: bigint) => (a > b ? a : b);
const minOf = (a: bigint, b: bigint) => (a < b ? a : b);

/**
 * Quotation boards in each quote currency: the live price from `market_price` and the 24-hour
 * first/high/low from the minute closes. The closes of finished minutes do not change, so they
 * are read once per minute and quote; each live tick then costs one small query.
 */
/** Quotation boards in USDT, USDC and BTC, and one coin's quotation with its chart. */
export interface QuotationsService {
  /** Every enabled coin's quotation in one quote currency, with 24-hour change, high and low. */
  board(quote: QuoteCurrency, now?: Date): Promise<QuotationBoard>;
  /** One coin's quotation and chart series; the chart ends with the live price. */
  detail(coin: string, quote: QuoteCurrency, range: HistoryRange, now?: Date): Promise<Omit<QuotationDetail, 'isFavourite'>>;
}

export function createQuotationsService(deps: { market: MarketService; assets: Pick<AssetsApi, 'list' | 'get'> }): QuotationsService {
  const { market, assets } = deps;
  const statsCache = new Map<QuoteCurrency, { minute: number; stats: Promise<Map<string, WindowStats>> }>();

  function finishedMinuteStats(quote: QuoteCurrency, now: Date): Promise<Map<string, WindowStats>> {
    const minute = Math.floor(now.getTime() / minuteMs) * minuteMs;
    const cached = statsCache.get(quote);
    if (cached && cached.minute === minute) return cached.stats;
    const stats = market.windowStats(quote, new Date(minute - dayMs), new Date(minute));
    statsCache.set(quote, { minute, stats });
    stats.catch(() => statsCache.delete(quote));
    return stats;
  }

  function livePrice(prices: Map<string, LivePrice>, coin: string): bigint {
    const price = prices.get(coin);
    if (!price) throw marketError('coinNotSupported', {}, 'coin');
    return priceUnits(price.usdPrice);
  }

  async function board(quote: QuoteCurrency, now = new Date()): Promise<QuotationBoard> {
    const [catalogue, prices, stats] = await Promise.all([assets.list(), market.latestUsdPrices(), finishedMinuteStats(quote, now)]);
    const quoteUsd = livePrice(prices, quote);
    const usdUnits = new Map([...prices.values()].map((price) => [price.coin, priceUnits(price.usdPrice)]));
    const index = composeIndex(usdUnits);
    const rows = catalogue
      .filter((asset) => asset.code !== quote && prices.has(asset.code))
      .map((asset) => {
        const price = quotientUnits(livePrice(prices, asset.code), quoteUsd, quotePriceScale);
        const window = stats.get(asset.code);
        const weight = index?.constituents.find((constituent) => constituent.coin === asset.code)?.weightHundredths;
        return {
          coin: asset.code,
          name: asset.name,
          icon: asset.icon,
          quote,
          pair: `${asset.code}/${quote}`,
          price: priceText(price),
          usdPrice: prices.get(asset.code)?.usdPrice ?? '0',
          change24h: percentChange(window?.earliest ?? price, price),
          high24h: priceText(maxOf(window?.high ?? price, price)),
          low24h: priceText(minOf(window?.low ?? price, price)),
          indexWeight: weight === undefined ? null : percentText(weight),
        };
      });
    const live = [...prices.values()];
    const seq = live.reduce((highest, price) => Math.max(highest, price.seq), 0);
    const updatedAt = live.reduce((latest, price) => (price.updatedAt > latest ? price.updatedAt : latest), new Date(0));
    return { quote, seq, updatedAt: updatedAt.toISOString(), priceScale: quotePriceScale, rows };
  }

  return {
    board,

    /** One coin's quotation and chart series; the chart ends with the live price. */
    async detail(coin: string, quote: QuoteCurrency, range: HistoryRange, now = new Date()): Promise<Omit<QuotationDetail, 'isFavourite'>> {
      const asset = await assets.get(coin);
      if (asset.code === quote) throw marketError('invalidParameter', { field: 'quote' }, 'quote');
      const spec = historyRangeSpec[range];
      const [current, points] = await Promise.all([
        board(quote, now),
        market.series(asset.code, quote, new Date(now.getTime() - spec.spanMs), spec.bucketSeconds),
      ]);
      const quotation = current.rows.find((row) => row.coin === asset.code);
      if (!quotation) throw marketError('coinNotSupported', {}, 'coin');
      const series = points.map((point) => ({ time: point.time.toISOString(), price: priceText(point.units) }));
      const last = series.at(-1);
      // The open interval's close is the live price; after a gap in ticks the live price is a point of its own.
      if (last && now.getTime() - Date.parse(last.time) < spec.bucketSeconds * 1000) last.price = quotation.price;
      else series.push({ time: now.toISOString(), price: quotation.price });
      return { quotation, range, series };
    },
  };
}
