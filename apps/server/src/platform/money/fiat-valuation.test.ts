import { describe, expect, it } from 'vitest';
import { centsToString, convertCents, valueInCents } from './fiat-valuation';

describe('fiat valuation', () => {
  it('values exactly and rounds down', () => {
    expect(valueInCents(150_000_000n, 8, '97000.000000000000000000')).toBe(14_550_000n);
    expect(valueInCents(1n, 18, '3600')).toBe(0n);
    expect(valueInCents(999_999n, 6, '1')).toBe(99n);
    expect(valueInCents(2_500_000n, 6, '2.4')).toBe(600n);
  });

  it('converts and prints cents', () => {
    expect(convertCents(10_000n, '7.1')).toBe(71_000n);
    expect(centsToString(14_550_000n)).toBe('145500.00');
    expect(centsToString(5n)).toBe('0.05');
    expect(centsToString(0n)).toBe('0.00');
  });
});
