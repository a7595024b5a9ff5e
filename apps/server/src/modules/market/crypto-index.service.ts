import { type CryptoIndex, cryptoIndexCode, type LatestWithTrendItem } from '@coffer/contract';
import {
  composeIndex,
  indexBaseDate,
  indexBaseValue,
  indexConstituents,
  indexDivisor,
  indexLevelText,
  indexValueUnits,
  percentText,
} from './crypto-index';
import type { AssetsApi } from '../assets';
import { marketError } from './market.errors';
import type { MarketService } from './market.service';
import { percentChange, priceText, priceUnits } from './price-math';

const dayMs = 24 * 3600_000;
const trendBucketSeconds = 3600;

/** The crypto index pages (composition, sample, calculation) and `latestWithTrend`. */
/** The crypto index and the latest levels with their 24-hour trend. */
export interface CryptoIndexService {
  /** The index now: level, composition, 24-hour change. */
  index(now?: Date): Promise<CryptoIndex>;
  /** `currencies`: the index code and/or coin codes; each answers its USD level and hourly trend over 24 h. */
  latestWithTrend(currencies: string[], now?: Date): Promise<LatestWithTrendItem[]>;
}

export function createCryptoIndexService(deps: { market: MarketService; assets: Pick<AssetsApi, 'list' | 'get'> }): CryptoIndexService {
  const { market, assets } = deps;

  async function liveUsdUnits(): Promise<{ units: Map<string, bigint>; updatedAt: Date }> {
    const prices = await market.latestUsdPrices();
    const live = [...prices.values()];
    return {
      units: new Map(live.map((price) => [price.coin, priceUnits(price.usdPrice)])),
      updatedAt: live.reduce((latest, price) => (price.updatedAt > latest ? price.updatedAt : latest), new Date(0)),
    };
  }

  /** The index level at the start of the 24-hour window, from the first minute where every constituent has a close. */
  async function indexDayAgo(now: Date): Promise<{ time: Date; units: bigint } | null> {
    const points = await indexSeries(new Date(now.getTime() - dayMs), 60);
    return points[0] ?? null;
  }

  /** A coin's first minute close in the 24-hour window. */
  async function coinDayAgo(coin: string, now: Date): Promise<{ time: Date; units: bigint } | null> {
    const points = await market.series(coin, null, new Date(now.getTime() - dayMs), 60);
    return points[0] ?? null;
  }

  /** Index level per interval, only where every constituent has a close. */
  async function indexSeries(since: Date, bucketSeconds: number): Promise<Array<{ time: Date; units: bigint }>> {
    const series = await Promise.all(indexConstituents.map((constituent) => market.series(constituent.coin, null, since, bucketSeconds)));
    const byTime = new Map<number, Map<string, bigint>>();
    series.forEach((points, position) => {
      const coin = indexConstituents[position]?.coin ?? '';
      for (const point of points) {
        const prices = byTime.get(point.time.getTime()) ?? new Map<string, bigint>();
        prices.set(coin, point.units);
        byTime.set(point.time.getTime(), prices);
      }
    });
    return [...byTime.entries()]
      .sort(([a], [b]) => a - b)
      .flatMap(([time, prices]) => {
        const units = indexValueUnits(prices);
        return units === null ? [] : [{ time: new Date(time), units }];
      });
  }

  return {
    async index(now = new Date()): Promise<CryptoIndex> {
      const [{ units, updatedAt }, catalogue, dayAgo] = await Promise.all([liveUsdUnits(), assets.list(), indexDayAgo(now)]);
      const composition = composeIndex(units);
      if (!composition) throw marketError('noMatchingData');
      const exchange = market.source.exchange;
      return {
        code: cryptoIndexCode,
        value: indexLevelText(composition.valueUnits),
        change24h: percentChange(dayAgo?.units ?? composition.valueUnits, composition.valueUnits),
        baseValue: indexBaseValue,
        baseDate: indexBaseDate,
        divisor: indexDivisor.toString(),
        totalMarketCap: priceText(composition.totalMarketCapUnits),
        constituents: composition.constituents.map((constituent) => ({
          coin: constituent.coin,
          name: catalogue.find((asset) => asset.code === constituent.coin)?.name ?? constituent.coin,
          weight: percentText(constituent.weightHundredths),
          exchange,
          pair: `${constituent.coin}/USDT`,
          usdPrice: priceText(constituent.usdPriceUnits),
          supply: constituent.supply.toString(),
          marketCap: priceText(constituent.marketCapUnits),
        })),
        updatedAt: updatedAt.toISOString(),
      };
    },

    /** `currencies`: the index code and/or coin codes; each answers its USD level and hourly trend over 24 h. */
    async latestWithTrend(currencies: string[], now = new Date()): Promise<LatestWithTrendItem[]> {
      const catalogue = await assets.list();
      for (const code of currencies) {
        if (code !== cryptoIndexCode && !catalogue.some((asset) => asset.code === code))
          throw marketError('coinNotSupported', {}, 'currencies');
      }
      const { units } = await liveUsdUnits();
      const since = new Date(now.getTime() - dayMs);
      return Promise.all(
        currencies.map(async (code) => {
          const isIndex = code === cryptoIndexCode;
          const latest = isIndex ? indexValueUnits(units) : (units.get(code) ?? null);
          if (latest === null) throw marketError('noMatchingData');
          const [trend, start] = await Promise.all([
            isIndex ? indexSeries(since, trendBucketSeconds) : market.series(code, null, since, trendBucketSeconds),
            isIndex ? indexDayAgo(now) : coinDayAgo(code, now),
          ]);
          const first = start?.units ?? latest;
          const text = (value: bigint) => (isIndex ? indexLevelText(value) : priceText(value));
          // Hourly closes, opened by the window's first close (the base of the 24-hour change) and closed by the live value.
          const points = trend.map((point) => ({ time: point.time.toISOString(), value: text(point.units) }));
          if (start && start.time.getTime() < (trend[0]?.time.getTime() ?? Infinity))
            points.unshift({ time: start.time.toISOString(), value: text(start.units) });
          points.push({ time: now.toISOString(), value: text(latest) });
          return { currency: code, value: text(latest), change24h: percentChange(first, latest), trend: points };
        }),
      );
    },
  };
}
