import { usdAmountMaxDecimals, usdAmountMaxWholeDigits, usdAmountPattern } from '@coffer/contract';

/**
 * A level limit as the operator types it: USD, a plain decimal within the contract's bounds
 * (`usdAmountPattern`); "0" means not allowed. Thousands separators are
 * refused rather than guessed: "1,000" must not become 1.000.
 */
export type UsdLimitProblem = 'required' | 'notNumber' | 'tooManyDecimals' | 'tooLarge';

const plainDecimal = /^(\d+)(?:\.(\d+))?$/;

export function usdLimitProblem(raw: string): UsdLimitProblem | null {
  const value = raw.trim();
  if (value === '') return 'required';
  const match = plainDecimal.exec(value);
  if (!match) return 'notNumber';
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > usdAmountMaxDecimals) return 'tooManyDecimals';
  if (whole.replace(/^0+(?=\d)/, '').length > usdAmountMaxWholeDigits) return 'tooLarge';
  // What is sent (leading zeros dropped) passes the contract's own check.
  return usdAmountPattern.test(normalizeUsdLimit(value)) ? null : 'notNumber';
}

/** The value sent: trimmed, leading zeros dropped ("007.5" → "7.5"). */
export function normalizeUsdLimit(raw: string): string {
  return raw.trim().replace(/^0+(?=\d)/, '');
}
