import { fromBaseUnits, toBaseUnits } from '@coffer/contract';
import { priceScale } from './simulated-market';

/** A stored price (numeric text, up to 8 decimals) as bigint units of 1e-8. */
export function priceUnits(text: string): bigint {
  const [whole = '0', fraction = ''] = text.split('.');
  return toBaseUnits(fraction ? `${whole}.${fraction.slice(0, priceScale)}` : whole, priceScale);
}

export function priceText(units: bigint): string {
  return fromBaseUnits(units, priceScale);
}

/**
 * Price of a coin in another coin, both in USD units: an exact quotient cut to `scale`
 * decimals (never rounded up), as units of 10^-scale.
 */
export function quotientUnits(coinUsd: bigint, quoteUsd: bigint, scale = priceScale): bigint {
  if (quoteUsd <= 0n) throw new RangeError('quote price must be positive');
  return (coinUsd * 10n ** BigInt(scale)) / quoteUsd;
}

/** Percent change a → b with two decimals, exactly (rounded toward zero). */
export function percentChange(from: bigint, to: bigint): string {
  if (from === 0n) return '0.00';
  const hundredths = ((to - from) * 10_000n) / from;
  const sign = hundredths < 0n ? '-' : '';
  const magnitude = hundredths < 0n ? -hundredths : hundredths;
  return `${sign}${magnitude / 100n}.${String(magnitude % 100n).padStart(2, '0')}`;
}
