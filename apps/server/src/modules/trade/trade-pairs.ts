import type { TradeSide } from '@coffer/contract';
import type { AssetsApi } from '../assets';
import { tradeError } from './trade.errors';
import type { TradePairConfig, TradeSettings } from './trade-settings';

export interface ResolvedPair extends TradePairConfig {
  baseScale: number;
  quoteScale: number;
}

/** The configured pairs with their coins' scales, from the catalogue read once per process. */
export interface PairCatalogue {
  /** Every coin's scale by code. */
  assetScales(): Promise<Map<string, number>>;
  /** The configured pair (any case) with its scales; `tradePairNotSupported` naming `pair` otherwise. */
  resolvePair(pair: string): Promise<ResolvedPair>;
  /** The pair that converts `source` into `target`, and the side that does it. */
  pairFor(source: string, target: string): Promise<{ pair: ResolvedPair; side: TradeSide } | null>;
  /** A coin's scale; `coinNotSupported` naming `coin` when the catalogue has no such coin. */
  scaleOf(coin: string): Promise<number>;
}

export function createPairCatalogue(deps: {
  /** The catalogue's coins, read once per process: a quote pays no round trip for them. */
  assets: Pick<AssetsApi, 'list'>;
  settings: TradeSettings;
}): PairCatalogue {
  const { assets, settings } = deps;
  let scales: Promise<Map<string, number>> | null = null;

  const assetScales = () =>
    (scales ??= assets
      .list()
      .then((catalogue) => new Map(catalogue.map((asset) => [asset.code, asset.scale])))
      .catch((error: unknown) => {
        scales = null;
        throw error;
      }));

  async function resolvePair(pair: string): Promise<ResolvedPair> {
    const configured = settings.pairs.find((candidate) => candidate.pair === pair.toUpperCase());
    const known = await assetScales();
    const baseScale = configured ? known.get(configured.base) : undefined;
    const quoteScale = configured ? known.get(configured.quote) : undefined;
    if (!configured || baseScale === undefined || quoteScale === undefined) throw tradeError('tradePairNotSupported', {}, 'pair');
    return { ...configured, baseScale, quoteScale };
  }

  async function pairFor(source: string, target: string): Promise<{ pair: ResolvedPair; side: TradeSide } | null> {
    const direct = settings.pairs.find((pair) => pair.base === source && pair.quote === target);
    if (direct) return { pair: await resolvePair(direct.pair), side: 'sell' };
    const reverse = settings.pairs.find((pair) => pair.base === target && pair.quote === source);
    if (reverse) return { pair: await resolvePair(reverse.pair), side: 'buy' };
    return null;
  }

  async function scaleOf(coin: string): Promise<number> {
    const scale = (await assetScales()).get(coin);
    if (scale === undefined) throw tradeError('coinNotSupported', {}, 'coin');
    return scale;
  }

  return { assetScales, resolvePair, pairFor, scaleOf };
}
