import { describe, expect, it } from 'vitest';
import { testCurrencies } from '../../wallet/components/wallet-test-fixtures';
import { feeRatePercent, formatBalance, formatExactAmount, formatListPrice } from './trade-format';

describe('trade amounts on screen', () => {
  it('shows balances at the display precision, cut not rounded', () => {
    expect(formatBalance('1234.567891', 'USDT', testCurrencies, 'en')).toBe('1,234.56 USDT');
    expect(formatBalance('1234.567891', 'USDT', testCurrencies, 'ru')).toBe('1\u00a0234,56 USDT');
  });

  it('shows quoted amounts exactly: every answered decimal up to the scale, at least the display precision', () => {
    expect(formatExactAmount('972.005', 'USDT', testCurrencies, 'en')).toBe('972.005 USDT');
    expect(formatExactAmount('972', 'USDT', testCurrencies, 'en')).toBe('972.00 USDT');
    expect(formatExactAmount('0.00999', 'BTC', testCurrencies, 'en')).toBe('0.00999000 BTC');
  });

  it('shortens table prices to six significant digits without rounding up', () => {
    expect(formatListPrice('96857.08702604', 'USDT', testCurrencies, 'en')).toBe('96,857.08 USDT');
    expect(formatListPrice('2.39837147', 'USDT', testCurrencies, 'en')).toBe('2.39837 USDT');
    expect(formatListPrice('0.00001234567', 'USDT', testCurrencies, 'en')).toBe('0.0000123456 USDT');
    expect(formatListPrice('0.99999756', 'USDT', testCurrencies, 'en')).toBe('0.999997 USDT');
  });

  it('writes fee rates as exact percentages in the user language', () => {
    expect(feeRatePercent('0.001', 'en')).toBe('0.1%');
    expect(feeRatePercent('0.0025', 'en')).toBe('0.25%');
    expect(feeRatePercent('0.01', 'en')).toBe('1%');
    expect(feeRatePercent('0', 'en')).toBe('0%');
    expect(feeRatePercent('0.001', 'ru')).toBe('0,1\u00a0%');
  });
});
