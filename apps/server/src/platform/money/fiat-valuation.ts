import { fromBaseUnits, toBaseUnits } from '@coffer/contract';

const priceScale = 18;
const centsScale = 2;

/**
 * The fiat value of an amount, exactly: units × price, in cents, rounded down so a value
 * never shows more than the holder has (design.md).
 */
export function valueInCents(units: bigint, assetScale: number, usdPrice: string): bigint {
  const price = toBaseUnits(
    usdPrice.replace(/^(\d+)\.?(\d*)$/, (_whole, int: string, frac: string) => `${int}.${(frac || '0').slice(0, priceScale)}`),
    priceScale,
  );
  return (units * price * 10n ** BigInt(centsScale)) / (10n ** BigInt(assetScale) * 10n ** BigInt(priceScale));
}

/** USD cents → CNY cents at the configured rate, rounded down. */
export function convertCents(cents: bigint, rate: string): bigint {
  return (cents * toBaseUnits(rate, priceScale)) / 10n ** BigInt(priceScale);
}

export function centsToString(cents: bigint): string {
  const text = fromBaseUnits(cents, centsScale);
  const [whole, fraction = ''] = text.split('.');
  return `${whole}.${fraction.padEnd(centsScale, '0')}`;
}
