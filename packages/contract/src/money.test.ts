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

  it('drops zeros past the scale, and refuses a nonzero digit there', () => {
    expect(toBaseUnits('1.1000000', 6)).toBe(1_100_000n);
    expect(toBaseUnits('1.100000000000000000', 6)).toBe(1_100_000n);
    expect(toBaseUnits('7.000', 0)).toBe(7n);
    expect(toBaseUnits('0.0000000', 6)).toBe(0n);
    expect(() => toBaseUnits('1.1000001', 6)).toThrow(AmountFormatError);
    expect(() => toBaseUnits('1.10000010', 6)).toThrow(AmountFormatError);
    expect(() => toBaseUnits('7.01', 0)).toThrow(AmountFormatError);
  });

  it('reads any amount written with zeros past the scale as the amount itself', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 24n }),
        fc.integer({ min: 0, max: 18 }),
        fc.integer({ min: 1, max: 12 }),
        (units, scale, extra) => {
          const [whole, fraction = ''] = fromBaseUnits(units, scale).split('.');
          const padded = `${whole}.${fraction.padEnd(scale, '0')}${'0'.repeat(extra)}`;
          expect(toBaseUnits(padded, scale)).toBe(units);
        },
      ),
    );
  });

  it('refuses any amount with a nonzero digit past the scale', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 24n }),
        fc.integer({ min: 0, max: 18 }),
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: 1, max: 9 }),
        fc.integer({ min: 0, max: 6 }),
        (units, scale, zerosBefore, digit, zerosAfter) => {
          const [whole, fraction = ''] = fromBaseUnits(units, scale).split('.');
          const amount = `${whole}.${fraction.padEnd(scale, '0')}${'0'.repeat(zerosBefore)}${digit}${'0'.repeat(zerosAfter)}`;
          expect(() => toBaseUnits(amount, scale)).toThrow(AmountFormatError);
        },
      ),
    );
  });

  it('formats without trailing zeros and keeps the sign', () => {
    expect(fromBaseUnits(150000000n, 8)).toBe('1.5');
    expect(fromBaseUnits(-1n, 8)).toBe('-0.00000001');
    expect(fromBaseUnits(0n, 6)).toBe('0');
  });
});
