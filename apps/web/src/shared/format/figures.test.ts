import { describe, expect, it } from 'vitest';
import { formatAmount, formatExactAmount, formatFiat, formatPrice } from './figures';

describe('formatAmount', () => {
  it('uses each asset’s display precision and cuts, never rounds up', () => {
    expect(formatAmount('USDT', '997.009672', 'en')).toBe('997.00');
    expect(formatAmount('USDT', '0.999999', 'en')).toBe('0.99');
    expect(formatAmount('XRP', '12.345678', 'en')).toBe('12.3456');
    expect(formatAmount('BTC', '0.5', 'en')).toBe('0.50000000');
    expect(formatAmount('ETH', '1.123456789012345678', 'en')).toBe('1.12345678');
  });

  it('gives an asset outside the table 8 decimals', () => {
    expect(formatAmount('NEW', '1.123456789', 'en')).toBe('1.12345678');
  });

  it('writes signs on request and the locale’s separators', () => {
    expect(formatAmount('USDT', '-1997.009672', 'en', { signDisplay: 'exceptZero' })).toBe('-1,997.00');
    expect(formatAmount('USDT', '1997.009672', 'en', { signDisplay: 'exceptZero' })).toBe('+1,997.00');
    expect(formatAmount('USDT', '1997.009672', 'ru')).toBe('1\u00a0997,00');
  });
});

describe('formatExactAmount', () => {
  it('keeps every decimal the value carries, padding to the display precision', () => {
    expect(formatExactAmount('USDT', '997.009672', 'en')).toBe('997.009672');
    expect(formatExactAmount('USDT', '5', 'en')).toBe('5.00');
    expect(formatExactAmount('USDT', '5.100000', 'en')).toBe('5.10');
    expect(formatExactAmount('BTC', '0.0005', 'en')).toBe('0.00050000');
  });
});

describe('formatPrice', () => {
  it('cuts a price to its pair’s tick', () => {
    expect(formatPrice('BTC/USDT', '96857.08702604', 'en')).toBe('96,857.08');
    expect(formatPrice('XRP/USDT', '2.39837147', 'en')).toBe('2.3983');
    expect(formatPrice('ETH/BTC', '0.03711289', 'en')).toBe('0.03711');
    expect(formatPrice('XRP/BTC', '0.00002474', 'en')).toBe('0.00002474');
  });

  it('writes a fiat-quoted price with the currency’s sign', () => {
    expect(formatPrice('BTC/USD', '97010.089', 'en')).toBe('$97,010.08');
    expect(formatPrice('USDC/USD', '0.99987', 'en')).toBe('$0.9998');
    expect(formatPrice('XRP/USD', '2.40279', 'ru')).toBe(
      new Intl.NumberFormat('ru', { style: 'currency', currency: 'USD', minimumFractionDigits: 4 }).format(2.4027),
    );
  });

  it('gives a pair outside the table the platform’s 8 decimals', () => {
    expect(formatPrice('DOGE/USDT', '0.123456789', 'en')).toBe('0.12345678');
  });
});

describe('formatFiat', () => {
  it('writes cents with the currency sign, cut', () => {
    expect(formatFiat('1234.567', 'USD', 'en')).toBe('$1,234.56');
    expect(formatFiat('1234.567', 'CNY', 'zh-CN')).toBe('¥1,234.56');
    expect(formatFiat('-0.999', 'USD', 'en')).toBe('-$0.99');
  });
});
