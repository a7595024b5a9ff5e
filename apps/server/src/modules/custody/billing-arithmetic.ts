import { custodyBillingLimits, fromBaseUnits } from '@coffer/contract';

/**
 * The exact arithmetic of custody bills (rules in the contract's `custody-billing.ts`): every
 * figure is an integer — USD cents, a coin's base units — or a decimal read as an integer over a
 * power of ten; nothing goes through floating point. Each figure is rounded once, where it is
 * made: USD values half up to the cent, a deduction's coin amount up to the coin's unit.
 */

/** A non-negative decimal text as `units / 10^scale` ("0.005" → 5n, 3); null when it is not one. */
export function parseDecimal(text: string): { units: bigint; scale: number } | null {
  const match = /^(\d{1,30})(?:\.(\d{1,30}))?$/.exec(text.trim());
  if (!match) return null;
  const fraction = match[2] ?? '';
  return { units: BigInt(`${match[1]}${fraction}`), scale: fraction.length };
}

/** `numerator / denominator` rounded half up (both non-negative, the denominator positive). */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator * 2n + denominator) / (denominator * 2n);
}

/** `numerator / denominator` rounded up (both non-negative, the denominator positive). */
export function divideUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator + denominator - 1n) / denominator;
}

/** The average of a month's daily values: their sum ÷ the days of the month, half up to the cent. */
export function averageCents(sumOfDailyCents: bigint, days: number): bigint {
  return divideHalfUp(sumOfDailyCents, BigInt(days));
}

/**
 * The hosting fee: average daily market value × annual rate ÷ 12, computed from the sum of the
 * daily values (sum ÷ days × rate ÷ 12) with one rounding, half up to the cent, at the end.
 */
export function hostingFeeCents(sumOfDailyCents: bigint, days: number, annualRate: string): bigint {
  const rate = parseDecimal(annualRate);
  if (!rate) throw new Error(`not a rate: ${annualRate}`);
  return divideHalfUp(sumOfDailyCents * rate.units, BigInt(days) * 12n * 10n ** BigInt(rate.scale));
}

/** A coin amount's USD value at `usdPrice`: units ÷ 10^scale × price, half up to the cent. */
export function usdCentsOf(units: bigint, coinScale: number, usdPrice: string): bigint {
  const price = parseDecimal(usdPrice);
  if (!price) throw new Error(`not a price: ${usdPrice}`);
  return divideHalfUp(units * price.units * 100n, 10n ** BigInt(coinScale + price.scale));
}

/**
 * The coin amount that pays `cents` at `usdPrice`: cents ÷ 100 ÷ price, rounded UP to the coin's
 * smallest unit, so the platform never receives less than the bill. Null when the coin has no price.
 */
export function coinUnitsFor(cents: bigint, coinScale: number, usdPrice: string): bigint | null {
  const price = parseDecimal(usdPrice);
  if (!price || price.units === 0n) return null;
  return divideUp(cents * 10n ** BigInt(coinScale + price.scale), price.units * 100n);
}

/** An operator's annual rate: a fraction, 0 ≤ rate < 1, at most 8 decimals; its canonical text, or null. */
export function checkedAnnualRate(text: string): string | null {
  const rate = parseDecimal(text);
  if (!rate || rate.scale > custodyBillingLimits.rateDecimals) return null;
  if (rate.units >= 10n ** BigInt(rate.scale)) return null;
  return fromBaseUnits(rate.units, rate.scale);
}

/** An operator's monthly minimum in USD: 0 to the limit, at most 2 decimals; in cents, or null. */
export function checkedMinimumCents(text: string): bigint | null {
  const amount = parseDecimal(text);
  if (!amount || amount.scale > 2) return null;
  const cents = amount.units * 10n ** BigInt(2 - amount.scale);
  return cents <= BigInt(custodyBillingLimits.minimumUsdMax) * 100n ? cents : null;
}

/** The month `YYYY-MM` as its first day, the next month's first day, and its number of days. */
export function monthRange(month: string): { start: string; end: string; days: number } {
  const [year, monthNo] = month.split('-').map(Number) as [number, number];
  const first = new Date(Date.UTC(year, monthNo - 1, 1));
  const next = new Date(Date.UTC(year, monthNo, 1));
  const days = Math.round((next.getTime() - first.getTime()) / 86_400_000);
  return { start: first.toISOString().slice(0, 10), end: next.toISOString().slice(0, 10), days };
}

/** The last day a bill of `month` is paid on time: the 9th of the month after (due before the 10th). */
export function dueOn(month: string): string {
  const { end } = monthRange(month);
  return `${end.slice(0, 8)}${String(custodyBillingLimits.dueDay).padStart(2, '0')}`;
}

/** The month before the UTC month of `at`, `YYYY-MM`. */
export function previousMonth(at: Date): string {
  const first = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() - 1, 1));
  return first.toISOString().slice(0, 7);
}
