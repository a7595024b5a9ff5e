import { describe, expect, it } from 'vitest';
import { acceptAmountInput } from './amount-field';

describe('acceptAmountInput', () => {
  it('keeps plain decimals up to the coin scale, including a half-typed one', () => {
    expect(acceptAmountInput('0.12345678', 8)).toBe('0.12345678');
    expect(acceptAmountInput('12.', 6)).toBe('12.');
    expect(acceptAmountInput('', 6)).toBe('');
  });

  it('refuses letters, signs, exponents, a second decimal mark and one decimal too many', () => {
    expect(acceptAmountInput('1e5', 8)).toBeNull();
    expect(acceptAmountInput('-1', 8)).toBeNull();
    expect(acceptAmountInput('1.2.3', 8)).toBeNull();
    expect(acceptAmountInput('1.1234567', 6)).toBeNull();
    expect(acceptAmountInput('1.5', 0)).toBeNull();
  });

  it('reads pasted grouping and a decimal comma', () => {
    expect(acceptAmountInput('1 234,5', 2)).toBe('1234.5');
    expect(acceptAmountInput('1,234.56', 2)).toBe('1234.56');
  });
});
