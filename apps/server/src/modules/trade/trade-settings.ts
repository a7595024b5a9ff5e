import { toBaseUnits } from '@coffer/contract';
import type { AppConfig } from '../../platform/config';

export interface TradePairConfig {
  pair: string;
  base: string;
  quote: string;
}

/** The trading desk's configuration, parsed once into exact units. */
export interface TradeSettings {
  pairs: TradePairConfig[];
  /** Fractions in units of 1e-8. */
  spreadRate: bigint;
  feeRate: bigint;
  feeRateText: string;
  quoteTtlSeconds: number;
  /** Percent in units of 1e-4 %. */
  breakerPercent: bigint;
  breakerWindowSeconds: number;
  maxPriceAgeSeconds: number;
  /** Largest trade, USD in units of 1e-8. */
  maxUsd: bigint;
  /** Smallest trade settled through the liquidity channel, USD in units of 1e-8. */
  channelMinUsd: bigint;
  /** Percent in units of 1e-4 %. */
  channelTolerancePercent: bigint;
  /** Signing seed from the configuration (hex), or null for the file under DATA_DIR. */
  signingSeedHex: string | null;
  dataDir: string;
}

type TradeConfig = Pick<
  AppConfig,
  | 'TRADE_PAIRS'
  | 'TRADE_SPREAD_RATE'
  | 'TRADE_FEE_RATE'
  | 'QUOTE_TTL_SECONDS'
  | 'TRADE_BREAKER_PERCENT'
  | 'TRADE_BREAKER_WINDOW_SECONDS'
  | 'TRADE_MAX_PRICE_AGE_SECONDS'
  | 'TRADE_MAX_USD'
  | 'TRADE_CHANNEL_MIN_USD'
  | 'TRADE_CHANNEL_TOLERANCE_PERCENT'
  | 'TRADE_SIGNING_KEY'
  | 'DATA_DIR'
>;

export function tradeSettingsFrom(config: TradeConfig): TradeSettings {
  const pairs = [...new Set(config.TRADE_PAIRS.split(','))].map((pair) => {
    const [base = '', quote = ''] = pair.split('/');
    return { pair, base, quote };
  });
  return {
    pairs: pairs.filter((pair) => pair.base !== pair.quote),
    spreadRate: toBaseUnits(config.TRADE_SPREAD_RATE, 8),
    feeRate: toBaseUnits(config.TRADE_FEE_RATE, 8),
    feeRateText: config.TRADE_FEE_RATE,
    quoteTtlSeconds: config.QUOTE_TTL_SECONDS,
    breakerPercent: toBaseUnits(config.TRADE_BREAKER_PERCENT, 4),
    breakerWindowSeconds: config.TRADE_BREAKER_WINDOW_SECONDS,
    maxPriceAgeSeconds: config.TRADE_MAX_PRICE_AGE_SECONDS,
    maxUsd: BigInt(config.TRADE_MAX_USD) * 100_000_000n,
    channelMinUsd: BigInt(config.TRADE_CHANNEL_MIN_USD) * 100_000_000n,
    channelTolerancePercent: toBaseUnits(config.TRADE_CHANNEL_TOLERANCE_PERCENT, 4),
    signingSeedHex: config.TRADE_SIGNING_KEY ?? null,
    dataDir: config.DATA_DIR,
  };
}
