import { cryptoIndexCode } from '@coffer/contract';
import { priceScale } from './simulated-market';

/**
 * The Coffer Crypto Index (CCI): the market capitalisation of its constituents (price ×
 * circulating supply, supplies fixed at the base date) divided by a divisor chosen so the
 * index stood at 1,000 at the base date's reference prices (BTC 97,000, ETH 3,600, XRP 2.4 USD).
 * Stablecoins are excluded: they track the dollar and would only dilute the index.
 */
export const indexConstituents = [
  { coin: 'BTC', supply: 19_800_000n },
  { coin: 'ETH', supply: 120_400_000n },
  { coin: 'XRP', supply: 58_000_000_000n },
] as const;

export const indexBaseValue = '1000';
export const indexBaseDate = '2026-01-01';
/** USD of constituent market capitalisation per index point: 2,493,240,000,000 / 1,000. */
export const indexDivisor = 2_493_240_000n;

const percentScale = 2;

export interface IndexComposition {
  code: typeof cryptoIndexCode;
  /** Index level in units of 1e-8. */
  valueUnits: bigint;
  /** Sum of market capitalisations in units of 1e-8 USD. */
  totalMarketCapUnits: bigint;
  constituents: Array<{ coin: string; supply: bigint; usdPriceUnits: bigint; marketCapUnits: bigint; weightHundredths: bigint }>;
}

/** Index level (units of 1e-8) from USD prices (units of 1e-8); null when a constituent has no price. */
export function indexValueUnits(usdPriceUnits: ReadonlyMap<string, bigint>): bigint | null {
  let total = 0n;
  for (const constituent of indexConstituents) {
    const price = usdPriceUnits.get(constituent.coin);
    if (price === undefined) return null;
    total += price * constituent.supply;
  }
  return total / indexDivisor;
}

/**
 * Level, market caps and weights; weights are percentages with two decimals that add up to
 * exactly 100.00 (largest remainder), so the composition table sums as a reader expects.
 */
export function composeIndex(usdPriceUnits: ReadonlyMap<string, bigint>): IndexComposition | null {
  const value = indexValueUnits(usdPriceUnits);
  if (value === null) return null;
  const caps = indexConstituents.map((constituent) => {
    const price = usdPriceUnits.get(constituent.coin) ?? 0n;
    return { coin: constituent.coin, supply: constituent.supply, usdPriceUnits: price, marketCapUnits: price * constituent.supply };
  });
  const total = caps.reduce((sum, cap) => sum + cap.marketCapUnits, 0n);
  const whole = 100n * 10n ** BigInt(percentScale);
  const shares = caps.map((cap) => {
    const scaled = total === 0n ? 0n : cap.marketCapUnits * whole;
    return { floor: total === 0n ? 0n : scaled / total, remainder: total === 0n ? 0n : scaled % total };
  });
  let missing = total === 0n ? 0n : whole - shares.reduce((sum, share) => sum + share.floor, 0n);
  const byRemainder = shares
    .map((share, position) => ({ share, position }))
    .sort((a, b) => (b.share.remainder > a.share.remainder ? 1 : b.share.remainder < a.share.remainder ? -1 : a.position - b.position));
  for (const { share } of byRemainder) {
    if (missing <= 0n) break;
    share.floor += 1n;
    missing -= 1n;
  }
  return {
    code: cryptoIndexCode,
    valueUnits: value,
    totalMarketCapUnits: total,
    constituents: caps.map((cap, position) => ({ ...cap, weightHundredths: shares[position]?.floor ?? 0n })),
  };
}

/** Hundredths of a percent as '77.03'. */
export function percentText(hundredths: bigint): string {
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
}

/** An index level (units of 1e-8) shown with two decimals, cut. */
export function indexLevelText(units: bigint): string {
  const hundredths = units / 10n ** BigInt(priceScale - 2);
  return `${hundredths / 100n}.${String(hundredths % 100n).padStart(2, '0')}`;
}
