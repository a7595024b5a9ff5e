/**
 * Money on screen, one rule per kind of figure, used by every screen (design.md "Numbers and
 * money"; the rules themselves are in @coffer/contract/figures, shared with the server):
 *
 * - amount of an asset: the asset's display precision (USDT 2, XRP 4, BTC 8), cut;
 * - firm amount, on the step that confirms a money move: never cut, so the user confirms
 *   exactly what moves (at least the display precision);
 * - unit price of a pair: the pair's tick (BTC/USDT 0.01, XRP/USDT 0.0001), cut;
 * - fiat value: cents, cut.
 *
 * Values are decimal strings and never pass through a float; nothing is ever rounded up, so a
 * balance never shows more than there is. The bills CSV keeps every decimal.
 */
import { displayPrecisionOf, fiatDecimals, priceTickOf, tickDecimals } from '@coffer/contract/figures';
import { formatDecimal, type FormatOptions } from './format-amount';

const fiatCodes: ReadonlySet<string> = new Set(['USD', 'CNY']);

/** Decimals written after the last nonzero one are dropped: "1.500" has 1. */
function significantDecimals(value: string): number {
  return (value.split('.')[1] ?? '').replace(/0+$/, '').length;
}

/** An amount of `asset` ("1997.009672" USDT → "1,997.00"), in its display precision, cut. */
export function formatAmount(asset: string, value: string, language: string, options: FormatOptions = {}): string {
  return formatDecimal(value, displayPrecisionOf(asset), language, options);
}

/**
 * An amount on the step that confirms it (transfer, withdrawal, quote, and the minimum and fee
 * rules of those forms): at least the display precision, and every further decimal the value
 * carries, so a figure is confirmed exactly as it will be booked ("997.009672" USDT →
 * "997.009672", "5" → "5.00").
 */
export function formatExactAmount(asset: string, value: string, language: string): string {
  return formatDecimal(value, Math.max(displayPrecisionOf(asset), significantDecimals(value)), language);
}

/**
 * A unit price of `pair` ("BTC/USDT", "ETH/USD"): quote coin per one base coin, cut to the
 * pair's tick. A pair quoted in fiat is written with the currency's sign ("$97,000.12"); a
 * coin-quoted price is the number alone, the caller names the quote coin.
 */
export function formatPrice(pair: string, value: string, language: string): string {
  const quote = pair.split('/')[1]?.toUpperCase() ?? '';
  const decimals = tickDecimals(priceTickOf(pair));
  return formatDecimal(value, decimals, language, fiatCodes.has(quote) ? { currency: quote } : {});
}

/** A fiat value with its currency sign ("1234.567", 'USD' → "$1,234.56"), cut to cents. */
export function formatFiat(value: string, currency: string, language: string, options: FormatOptions = {}): string {
  return formatDecimal(value, fiatDecimals, language, { ...options, currency });
}
