/**
 * A level limit as the operator types it: USD, a plain decimal with at most 2 decimals and 15
 * whole digits (the contract's `usdAmount`); "0" means not allowed. Thousands separators are
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
  if (fraction.length > 2) return 'tooManyDecimals';
  if (whole.replace(/^0+(?=\d)/, '').length > 15) return 'tooLarge';
  return null;
}

/** The value sent: trimmed, leading zeros dropped ("007.5" → "7.5"). */
export function normalizeUsdLimit(raw: string): string {
  return raw.trim().replace(/^0+(?=\d)/, '');
}
