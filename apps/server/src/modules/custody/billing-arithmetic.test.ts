import { describe, expect, it } from 'vitest';
import {
  averageCents,
  checkedAnnualRate,
  checkedMinimumCents,
  coinUnitsFor,
  dueOn,
  hostingFeeCents,
  monthRange,
  previousMonth,
  usdCentsOf,
} from './billing-arithmetic';

describe('billing arithmetic', () => {
  it('computes the hosting fee from the sum of daily values with one half-up rounding to the cent', () => {
    // 3 600 000 cents a day for 30 days at 1 % a year: 108 000 000 × 0.01 / 30 / 12 = 3000 cents exactly.
    expect(hostingFeeCents(108_000_000n, 30, '0.01')).toBe(3000n);
    // 1 cent over 31 days at 0.5 %: 0.0000134… → 0; 12 × 31 × 200 = 74 400 summed cents at 0.5 % → 1.0 cent.
    expect(hostingFeeCents(1n, 31, '0.005')).toBe(0n);
    expect(hostingFeeCents(74_400n, 31, '0.005')).toBe(1n);
    // Half a cent rounds up: 37 200 → 0.5 cent → 1.
    expect(hostingFeeCents(37_200n, 31, '0.005')).toBe(1n);
    expect(hostingFeeCents(37_199n, 31, '0.005')).toBe(0n);
    expect(averageCents(250_970_001n, 28)).toBe(8_963_214n);
  });

  it('values coins half up to the cent and converts a bill to a coin rounding up to its unit', () => {
    expect(usdCentsOf(10_000_000n, 8, '97000')).toBe(970_000n);
    expect(usdCentsOf(5n, 6, '1')).toBe(0n); // 0.000005 USD
    expect(usdCentsOf(5_000n, 6, '1')).toBe(1n); // 0.005 USD → half up
    // 93.37 USD in BTC at 97 000: 0.000962577… BTC → 96 258 satoshi (never less than the bill).
    expect(coinUnitsFor(9_337n, 8, '97000')).toBe(96_258n);
    expect(coinUnitsFor(9_337n, 6, '1.000000000000000000')).toBe(93_370_000n);
    expect(coinUnitsFor(100n, 8, '0')).toBeNull();
  });

  it('accepts rates and minimums in range only', () => {
    expect(checkedAnnualRate('0.0125')).toBe('0.0125');
    expect(checkedAnnualRate('0.00500000')).toBe('0.005');
    expect(checkedAnnualRate('1')).toBeNull();
    expect(checkedAnnualRate('0.123456789')).toBeNull();
    expect(checkedAnnualRate('-0.1')).toBeNull();
    expect(checkedMinimumCents('50')).toBe(5000n);
    expect(checkedMinimumCents('0.01')).toBe(1n);
    expect(checkedMinimumCents('1.001')).toBeNull();
    expect(checkedMinimumCents('100000001')).toBeNull();
  });

  it('knows a month’s days, its due date and the month before', () => {
    expect(monthRange('2026-02')).toEqual({ start: '2026-02-01', end: '2026-03-01', days: 28 });
    expect(monthRange('2028-02').days).toBe(29);
    expect(monthRange('2026-12')).toEqual({ start: '2026-12-01', end: '2027-01-01', days: 31 });
    expect(dueOn('2026-12')).toBe('2027-01-09');
    expect(previousMonth(new Date('2027-01-01T02:00:00Z'))).toBe('2026-12');
  });
});
