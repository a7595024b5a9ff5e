import { describe, expect, it } from 'vitest';
import { normalizeUsdLimit, usdLimitProblem } from './usd-limit';

describe('usdLimitProblem', () => {
  it('accepts plain USD amounts with up to 2 decimals, zero included', () => {
    for (const value of ['0', '2000', '2000.5', '2000.50', ' 100000 ', '999999999999999.99']) expect(usdLimitProblem(value)).toBeNull();
  });

  it('names what is wrong', () => {
    expect(usdLimitProblem('')).toBe('required');
    expect(usdLimitProblem('   ')).toBe('required');
    expect(usdLimitProblem('1,000')).toBe('notNumber');
    expect(usdLimitProblem('-5')).toBe('notNumber');
    expect(usdLimitProblem('1e6')).toBe('notNumber');
    expect(usdLimitProblem('.5')).toBe('notNumber');
    expect(usdLimitProblem('12.345')).toBe('tooManyDecimals');
    expect(usdLimitProblem('1000000000000000')).toBe('tooLarge');
  });

  it('sends the amount without leading zeros', () => {
    expect(normalizeUsdLimit(' 007.50 ')).toBe('7.50');
    expect(normalizeUsdLimit('0')).toBe('0');
    expect(normalizeUsdLimit('0.5')).toBe('0.5');
  });
});
