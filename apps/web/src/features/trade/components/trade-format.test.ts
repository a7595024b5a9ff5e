import { describe, expect, it } from 'vitest';
import { feeRatePercent, formatCoinAmount, formatFirmAmount, formatPairPrice } from './trade-format';

describe('trade amounts on screen', () => {
  it('shows balances and order amounts at the display precision, cut not rounded', () => {
    expect(formatCoinAmount('1234.567891', 'USDT', 'en')).toBe('1,234.56 USDT');
    expect(formatCoinAmount('1234.567891', 'USDT', 'ru')).toBe('1\u00a0234,56 USDT');
    expect(formatCoinAmount('972.005', 'USDT', 'en')).toBe('972.00 USDT');
  });

  it('shows the terms of the quote being confirmed in full, at least the display precision', () => {
    expect(formatFirmAmount('972.005', 'USDT', 'en')).toBe('972.005 USDT');
    expect(formatFirmAmount('972', 'USDT', 'en')).toBe('972.00 USDT');
    expect(formatFirmAmount('0.00999', 'BTC', 'en')).toBe('0.00999000 BTC');
  });

  it('shows prices at the pair’s tick in the quote coin, without rounding up', () => {
    expect(formatPairPrice('96857.08702604', 'BTC/USDT', 'en')).toBe('96,857.08 USDT');
    expect(formatPairPrice('2.39837147', 'XRP/USDT', 'en')).toBe('2.3983 USDT');
    expect(formatPairPrice('0.99999756', 'USDC/USDT', 'en')).toBe('0.9999 USDT');
  });

  it('writes fee rates as exact percentages in the user language', () => {
    expect(feeRatePercent('0.001', 'en')).toBe('0.1%');
    expect(feeRatePercent('0.0025', 'en')).toBe('0.25%');
    expect(feeRatePercent('0.01', 'en')).toBe('1%');
    expect(feeRatePercent('0', 'en')).toBe('0%');
    expect(feeRatePercent('0.001', 'ru')).toBe('0,1\u00a0%');
  });
});
