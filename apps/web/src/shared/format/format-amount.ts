/**
 * Money on screen (design.md "Numbers and money"): exact decimal strings in, locale text out.
 * Digits are cut, never rounded, so a balance never shows more than the user has; the value
 * never passes through a float, only through string slicing and `bigint` for the grouping.
 */

const decimalPattern = /^([+-])?(\d+)(?:\.(\d*))?$/;

/** Intl options that only shape the text around the digits (currency, percent sign). */
type NumberStyle = { style: 'decimal' } | { style: 'currency'; currency: string } | { style: 'percent' };

export type SignDisplay = 'auto' | 'exceptZero';

export interface FormatOptions {
  /** 'exceptZero' writes "+" before positive values (changes, incoming amounts). */
  signDisplay?: SignDisplay;
}

const formatterCache = new Map<string, Intl.NumberFormat>();

function cachedFormatter(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = formatterCache.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, options);
    formatterCache.set(key, formatter);
  }
  return formatter;
}

/**
 * Formats `amount` with exactly `precision` decimals in `locale`, in the shape `style` gives
 * (plain number, currency, percent). Intl lays out a template value (sign, symbol, decimal
 * mark, spacing); its digits are then swapped for the truncated digits of the string, with
 * the integer part grouped by Intl from a `bigint`, which is exact at any size.
 */
function formatDecimalString(
  amount: string,
  precision: number,
  locale: string,
  style: NumberStyle,
  { signDisplay = 'auto' }: FormatOptions,
): string {
  const match = decimalPattern.exec(amount.trim());
  if (!match) return amount;
  const [, sign, wholeDigits = '0', fractionDigits = ''] = match;
  const places = Math.max(0, Math.trunc(precision));
  const fraction = fractionDigits.slice(0, places).padEnd(places, '0');
  const whole = BigInt(wholeDigits);
  const isZero = whole === 0n && !/[1-9]/.test(fraction);
  const isNegative = sign === '-' && !isZero;
  const showsPlus = signDisplay === 'exceptZero' && !isNegative && !isZero;

  // The template only decides where things go; its own digits are replaced below.
  const templateDigits = Math.min(places, 20);
  const template = cachedFormatter(locale, {
    ...style,
    minimumFractionDigits: templateDigits,
    maximumFractionDigits: templateDigits,
    signDisplay: showsPlus ? 'always' : 'auto',
  }).formatToParts(style.style === 'percent' ? (isNegative ? -0.01 : 0.01) : isNegative ? -1 : 1);
  const groupedWhole = cachedFormatter(locale, { maximumFractionDigits: 0 }).format(whole);

  let text = '';
  let isWholeWritten = false;
  for (const part of template) {
    if (part.type === 'integer') {
      if (!isWholeWritten) text += groupedWhole;
      isWholeWritten = true;
    } else if (part.type === 'group') {
      continue;
    } else if (part.type === 'fraction') {
      text += fraction;
    } else {
      text += part.value;
    }
  }
  return text;
}

/**
 * A decimal string with `decimals` places ("1234.56789", 4, 'en' → "1,234.5678"), cut not
 * rounded, with the separators of `locale`; with `currency`, in the locale's currency layout
 * ("$1,234.56"). Input that is not a plain decimal string comes back unchanged. Screens format
 * money through figures.ts (amounts, prices, fiat values); this is the engine under it and the
 * tool for figures that are not money (index points, counts).
 */
export function formatDecimal(
  value: string,
  decimals: number,
  locale: string,
  options: FormatOptions & { currency?: string } = {},
): string {
  const { currency, ...rest } = options;
  return formatDecimalString(value, decimals, locale, currency ? { style: 'currency', currency } : { style: 'decimal' }, rest);
}

/** A value already in percent ("-1.234" → "-1.23%"), with the locale's percent layout. */
export function formatPercent(percent: string, precision: number, locale: string, options: FormatOptions = {}): string {
  return formatDecimalString(percent, precision, locale, { style: 'percent' }, options);
}

/** The sign of a decimal string: -1, 0 or 1, without converting it to a number. */
export function decimalSign(amount: string): -1 | 0 | 1 {
  const match = decimalPattern.exec(amount.trim());
  if (!match || !/[1-9]/.test(`${match[2] ?? ''}${match[3] ?? ''}`)) return 0;
  return match[1] === '-' ? -1 : 1;
}
