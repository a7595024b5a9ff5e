import { describe, expect, it } from 'vitest';
import { billTypeName, billTypeNames, billTypes } from './constants';
import { assetDisplayPrecision, defaultPriceTick, displayPrecisionOf, pairPriceTicks, priceTickOf, tickDecimals } from './figures';
import { languages } from './languages';

describe('figures', () => {
  it('has a power-of-ten tick for every pair', () => {
    for (const tick of [...Object.values(pairPriceTicks), defaultPriceTick]) {
      expect(tick).toMatch(/^(1|0\.0*1)$/);
    }
    expect(tickDecimals('0.01')).toBe(2);
    expect(tickDecimals('1')).toBe(0);
  });

  it('looks up precision and tick by code, whatever the case', () => {
    expect(displayPrecisionOf('usdt')).toBe(assetDisplayPrecision.USDT);
    expect(displayPrecisionOf('NEW')).toBe(8);
    expect(priceTickOf('btc/usdt')).toBe('0.01');
    expect(priceTickOf('DOGE/USDT')).toBe(defaultPriceTick);
  });
});

describe('bill type names', () => {
  it('names every bill type in every language, each name distinct within its language', () => {
    for (const language of languages) {
      const names = Object.values(billTypes).map((code) => billTypeName(code, language));
      expect(names.every((name) => name.trim() !== '' && !/\d{4}/.test(name))).toBe(true);
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it('names 2001 and 2007 in words and an unknown code by its number', () => {
    expect(billTypeName(billTypes.deposit, 'zh-CN')).toBe('充币');
    expect(billTypeName(billTypes.tradeBuy, 'ru')).toBe('Сделка (покупка)');
    expect(billTypeName(2011, 'zh-TW')).toBe('類型 2011');
    expect(billTypeNames.en.unknown(2401)).toBe('Type 2401');
  });
});
