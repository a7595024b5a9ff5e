import type { Currency } from '@coffer/contract';
import { formatAmount, formatPercent } from '../../../shared/format/format-amount';

function decimalsOf(amount: string): number {
  return amount.split('.')[1]?.length ?? 0;
}

/**
 * A balance: the coin's display precision, cut never rounded, so it never shows more than
 * the user has.
 */
export function formatBalance(amount: string, coin: string, currencies: Currency[] | undefined, language: string): string {
  const currency = currencies?.find((candidate) => candidate.coin === coin);
  const precision = currency?.displayPrecision ?? decimalsOf(amount);
  return `${formatAmount(amount, precision, language)} ${coin}`;
}

/**
 * An amount of a quote or order (what is paid, received, charged): every decimal the server
 * answered up to the coin's scale, and at least its display precision, so a firm figure is
 * shown exactly as it will be booked.
 */
export function formatExactAmount(amount: string, coin: string, currencies: Currency[] | undefined, language: string): string {
  const currency = currencies?.find((candidate) => candidate.coin === coin);
  const decimals = decimalsOf(amount);
  const precision = currency ? Math.min(currency.scale, Math.max(currency.displayPrecision, decimals)) : decimals;
  return `${formatAmount(amount, precision, language)} ${coin}`;
}

/** A unit price in the quote coin, with every decimal the server answered (at least the coin's display precision). */
export function formatUnitPrice(price: string, quoteCoin: string, currencies: Currency[] | undefined, language: string): string {
  const currency = currencies?.find((candidate) => candidate.coin === quoteCoin);
  const precision = Math.max(currency?.displayPrecision ?? 0, decimalsOf(price));
  return `${formatAmount(price, precision, language)} ${quoteCoin}`;
}

/** A fee rate fraction ("0.001") as a percentage ("0.1%"), exact: the decimal point moves two places. */
export function feeRatePercent(rate: string, language: string): string {
  const [whole = '0', fraction = ''] = rate.split('.');
  const padded = fraction.padEnd(2, '0');
  const integer = `${whole}${padded.slice(0, 2)}`.replace(/^0+(?=\d)/, '');
  const rest = padded.slice(2).replace(/0+$/, '');
  return formatPercent(rest ? `${integer}.${rest}` : integer, rest.length, language);
}

const listPriceDigits = 6;

/**
 * A unit price for a dense table: at least the quote coin's display precision and enough
 * decimals for six significant digits, cut not rounded (the detail shows it exactly).
 */
export function formatListPrice(price: string, quoteCoin: string, currencies: Currency[] | undefined, language: string): string {
  const currency = currencies?.find((candidate) => candidate.coin === quoteCoin);
  const [whole = '0', fraction = ''] = price.split('.');
  const wholeDigits = whole.replace(/^0+/, '').length;
  const leadingZeros = wholeDigits === 0 ? (/^0*/.exec(fraction)?.[0].length ?? 0) : 0;
  const needed = wholeDigits >= listPriceDigits ? 0 : wholeDigits === 0 ? leadingZeros + listPriceDigits : listPriceDigits - wholeDigits;
  const precision = Math.min(fraction.length, Math.max(currency?.displayPrecision ?? 0, needed));
  return `${formatAmount(price, Math.max(precision, currency?.displayPrecision ?? 0), language)} ${quoteCoin}`;
}
