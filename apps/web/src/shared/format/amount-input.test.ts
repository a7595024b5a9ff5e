import { describe, expect, it } from 'vitest';
import { availableFiatValue, subtractFiat } from '../../features/wallet/components/fiat-sum';
import { amountProblem, normalizeAmountInput } from './amount-input';

describe('normalizeAmountInput', () => {
  it('makes pasted and typed amounts plain decimals', () => {
    expect(normalizeAmountInput(' 1 234.5 ')).toBe('1234.5');
    expect(normalizeAmountInput('1,234.5')).toBe('1234.5');
    expect(normalizeAmountInput('10,5')).toBe('10.5');
    expect(normalizeAmountInput('1\u00a0234,56')).toBe('1234.56');
    expect(normalizeAmountInput("1'000")).toBe('1000');
  });
});

describe('amountProblem', () => {
  it('refuses more decimals than the scale', () => {
    expect(amountProblem('1.1234567', 6)).toBe('tooManyDecimals');
    expect(amountProblem('1.1000000', 6)).toBeNull();
    expect(amountProblem('2.000', 0)).toBeNull();
    expect(amountProblem('1.1000001', 6)).toBe('tooManyDecimals');
    expect(amountProblem('1.123456', 6)).toBeNull();
    expect(amountProblem('1.5', 0)).toBe('tooManyDecimals');
  });

  it('refuses empty, non-numbers, zero and more than available, exactly', () => {
    expect(amountProblem('', 6)).toBe('required');
    expect(amountProblem('1e3', 6)).toBe('notNumber');
    expect(amountProblem('-1', 6)).toBe('notNumber');
    expect(amountProblem('0.000', 6)).toBe('notPositive');
    expect(amountProblem('100.000001', 6, '100')).toBe('overAvailable');
    expect(amountProblem('100', 6, '100')).toBeNull();
    expect(amountProblem('.5', 6)).toBeNull();
    expect(amountProblem('12345678901234567890.123456', 6, '12345678901234567890.123457')).toBeNull();
  });
});

describe('fiat sums', () => {
  it('values the available part of each row, cut to cents', () => {
    expect(
      availableFiatValue([
        { total: '2', available: '1', value: '100.01' },
        { total: '0', available: '0', value: '0' },
        { total: '3', available: '3', value: '0.30' },
      ]),
    ).toBe('50.3');
    expect(subtractFiat('100.30', '50.3')).toBe('50');
  });
});
