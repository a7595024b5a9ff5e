import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AmountFormatError, fromBaseUnits, toBaseUnits } from './money';

describe('money', () => {
  it.each([
    ['1.5', 8, 150000000n],
    ['0.00000001', 8, 1n],
    ['123', 0, 123n],
    ['0', 18, 0n],
    ['12.000000000000000001', 18, 12000000000000000001n],
  ])('%s at scale %i is %s base units', (amount, scale, units) => {
    expect(toBaseUnits(amount, scale)).toBe(units);
  });

  it('refuses what is not an exact non-negative decimal of the scale', () => {
    for (const bad of ['', '-1', '1e5', '1.', '.5', '0x10', '1.000000001', 'NaN', ' 1 2']) {
      expect(() => toBaseUnits(bad, 8), bad).toThrow(AmountFormatError);
    }
  });

  it('round-trips any amount at any scale', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.integer({ min: 0, max: 18 }), (units, scale) => {
        expect(toBaseUnits(fromBaseUnits(units, scale), scale)).toBe(units);
      }),
    );
  });

  it('formats without trailing zeros and keeps the sign', () => {
    expect(fromBaseUnits(150000000n, 8)).toBe('1.5');
    expect(fromBaseUnits(-1n, 8)).toBe('-0.00000001');
    expect(fromBaseUnits(0n, 6)).toBe('0');
  });
});
