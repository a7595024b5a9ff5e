import { describe, expect, it } from 'vitest';
import { decimalSign, formatDecimal, formatPercent } from './format-amount';

/** What Intl itself writes for a value a float holds exactly, as the reference layout. */
const intl = (locale: string, value: number, digits: number) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(value);

describe('formatDecimal', () => {
  it('cuts extra decimals instead of rounding them up', () => {
    expect(formatDecimal('1.999999', 2, 'en')).toBe('1.99');
    expect(formatDecimal('0.123456789', 8, 'en')).toBe('0.12345678');
    expect(formatDecimal('9999.9999', 0, 'en')).toBe('9,999');
    expect(formatDecimal('-2.555', 2, 'en')).toBe('-2.55');
  });

  it('pads to the display precision', () => {
    expect(formatDecimal('3', 4, 'en')).toBe('3.0000');
    expect(formatDecimal('0.5', 8, 'en')).toBe('0.50000000');
  });

  it('writes no minus sign for a value that truncates to zero', () => {
    expect(formatDecimal('-0.001', 2, 'en')).toBe('0.00');
    expect(formatDecimal('0', 2, 'en', { signDisplay: 'exceptZero' })).toBe('0.00');
  });

  it('adds a plus sign on request', () => {
    expect(formatDecimal('12.5', 2, 'en', { signDisplay: 'exceptZero' })).toBe('+12.50');
    expect(formatDecimal('-12.5', 2, 'en', { signDisplay: 'exceptZero' })).toBe('-12.50');
  });

  it('uses the separators of each locale', () => {
    expect(formatDecimal('1234567.891', 2, 'en')).toBe('1,234,567.89');
    expect(formatDecimal('1234567.891', 2, 'zh-CN')).toBe('1,234,567.89');
    expect(formatDecimal('1234567.891', 2, 'zh-TW')).toBe('1,234,567.89');
    // Russian: non-breaking space between groups, comma as the decimal mark.
    expect(formatDecimal('1234567.891', 2, 'ru')).toBe(intl('ru', 1234567.89, 2));
    expect(formatDecimal('1234567.891', 2, 'ru')).toBe('1\u00a0234\u00a0567,89');
  });

  it('keeps every digit of values beyond float precision', () => {
    expect(formatDecimal('123456789012345678901234567890.123456789012345678', 18, 'en')).toBe(
      '123,456,789,012,345,678,901,234,567,890.123456789012345678',
    );
    expect(formatDecimal('9007199254740993.99999999', 8, 'en')).toBe('9,007,199,254,740,993.99999999');
    expect(formatDecimal('9007199254740993', 2, 'ru')).toBe('9\u00a0007\u00a0199\u00a0254\u00a0740\u00a0993,00');
  });

  it('returns text that is not a decimal unchanged', () => {
    expect(formatDecimal('abc', 2, 'en')).toBe('abc');
    expect(formatDecimal('1e5', 2, 'en')).toBe('1e5');
  });
});

describe('formatDecimal with a currency', () => {
  it('writes the currency the locale way, cut not rounded', () => {
    expect(formatDecimal('1234.567', 2, 'en', { currency: 'USD' })).toBe('$1,234.56');
    expect(formatDecimal('1234.567', 2, 'zh-CN', { currency: 'CNY' })).toBe('¥1,234.56');
    expect(formatDecimal('1234.567', 2, 'ru', { currency: 'USD' })).toBe(
      new Intl.NumberFormat('ru', { style: 'currency', currency: 'USD' }).format(1234.56),
    );
    expect(formatDecimal('-0.999', 2, 'en', { currency: 'USD' })).toBe('-$0.99');
    expect(formatDecimal('0.99987', 4, 'en', { currency: 'USD' })).toBe('$0.9998');
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
