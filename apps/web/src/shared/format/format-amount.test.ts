import { describe, expect, it } from 'vitest';
import { decimalSign, formatAmount, formatFiat, formatFiatPrice, formatPercent } from './format-amount';

/** What Intl itself writes for a value a float holds exactly, as the reference layout. */
const intl = (locale: string, value: number, digits: number) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);

describe('formatAmount', () => {
  it('cuts extra decimals instead of rounding them up', () => {
    expect(formatAmount('1.999999', 2, 'en')).toBe('1.99');
    expect(formatAmount('0.123456789', 8, 'en')).toBe('0.12345678');
    expect(formatAmount('9999.9999', 0, 'en')).toBe('9,999');
    expect(formatAmount('-2.555', 2, 'en')).toBe('-2.55');
  });

  it('pads to the display precision', () => {
    expect(formatAmount('3', 4, 'en')).toBe('3.0000');
    expect(formatAmount('0.5', 8, 'en')).toBe('0.50000000');
  });

  it('writes no minus sign for a value that truncates to zero', () => {
    expect(formatAmount('-0.001', 2, 'en')).toBe('0.00');
    expect(formatAmount('0', 2, 'en', { signDisplay: 'exceptZero' })).toBe('0.00');
  });

  it('adds a plus sign on request', () => {
    expect(formatAmount('12.5', 2, 'en', { signDisplay: 'exceptZero' })).toBe('+12.50');
    expect(formatAmount('-12.5', 2, 'en', { signDisplay: 'exceptZero' })).toBe('-12.50');
  });

  it('uses the separators of each locale', () => {
    expect(formatAmount('1234567.891', 2, 'en')).toBe('1,234,567.89');
    expect(formatAmount('1234567.891', 2, 'zh-CN')).toBe('1,234,567.89');
    expect(formatAmount('1234567.891', 2, 'zh-TW')).toBe('1,234,567.89');
    // Russian: non-breaking space between groups, comma as the decimal mark.
    expect(formatAmount('1234567.891', 2, 'ru')).toBe(intl('ru', 1234567.89, 2));
    expect(formatAmount('1234567.891', 2, 'ru')).toBe('1\u00a0234\u00a0567,89');
  });

  it('keeps every digit of values beyond float precision', () => {
    expect(formatAmount('123456789012345678901234567890.123456789012345678', 18, 'en')).toBe(
      '123,456,789,012,345,678,901,234,567,890.123456789012345678',
    );
    expect(formatAmount('9007199254740993.99999999', 8, 'en')).toBe('9,007,199,254,740,993.99999999');
    expect(formatAmount('9007199254740993', 2, 'ru')).toBe('9\u00a0007\u00a0199\u00a0254\u00a0740\u00a0993,00');
  });

  it('returns text that is not a decimal unchanged', () => {
    expect(formatAmount('abc', 2, 'en')).toBe('abc');
    expect(formatAmount('1e5', 2, 'en')).toBe('1e5');
  });
});

describe('formatFiat', () => {
  it('writes the currency the locale way, cut to cents', () => {
    expect(formatFiat('1234.567', 'USD', 'en')).toBe('$1,234.56');
    expect(formatFiat('1234.567', 'CNY', 'zh-CN')).toBe('¥1,234.56');
    expect(formatFiat('1234.567', 'USD', 'ru')).toBe(
      new Intl.NumberFormat('ru', { style: 'currency', currency: 'USD' }).format(1234.56),
    );
    expect(formatFiat('-0.999', 'USD', 'en')).toBe('-$0.99');
  });
});

describe('formatPercent', () => {
  it('treats the value as already in percent and shows its sign', () => {
    expect(formatPercent('2.345', 2, 'en', { signDisplay: 'exceptZero' })).toBe('+2.34%');
    expect(formatPercent('-0.5', 2, 'en', { signDisplay: 'exceptZero' })).toBe('-0.50%');
    expect(formatPercent('0.00', 2, 'en', { signDisplay: 'exceptZero' })).toBe('0.00%');
  });
});

describe('decimalSign', () => {
  it('reads the sign from the string', () => {
    expect(decimalSign('-0.01')).toBe(-1);
    expect(decimalSign('0.000')).toBe(0);
    expect(decimalSign('-0')).toBe(0);
    expect(decimalSign('12')).toBe(1);
  });
});

describe('formatFiatPrice', () => {
  it('shows four decimals below 10 and cents from 10 up, cut not rounded', () => {
    expect(formatFiatPrice('0.99987', 'USD', 'en')).toBe('$0.9998');
    expect(formatFiatPrice('2.40279', 'USD', 'en')).toBe('$2.4027');
    expect(formatFiatPrice('97010.089', 'USD', 'en')).toBe('$97,010.08');
    expect(formatFiatPrice('10', 'USD', 'ru')).toMatch(/^10,00\s\$$/);
  });
});
