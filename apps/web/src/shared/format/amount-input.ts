import { toBaseUnits } from '@coffer/contract/money';

/**
 * Makes pasted or typed amounts plain decimals: spaces and apostrophes (thousands marks)
 * go; with both "," and "." the commas are grouping, with "," alone it is the decimal mark.
 */
export function normalizeAmountInput(raw: string): string {
  const compact = raw.replace(/[\s\u00a0\u202f'’]/g, '');
  return compact.includes('.') ? compact.replace(/,/g, '') : compact.replace(/,/g, '.');
}

export type AmountProblem = 'required' | 'notNumber' | 'tooManyDecimals' | 'notPositive' | 'overAvailable';

const plainDecimal = /^\d+(\.\d*)?$|^\.\d+$/;

/**
 * What is wrong with an amount for an asset of `scale` decimals, or null. `available` (a
 * decimal string) caps it when known. Exact: compared as base units, never as floats.
 */
export function amountProblem(amount: string, scale: number, available?: string): AmountProblem | null {
  const value = amount.trim();
  if (value === '') return 'required';
  if (!plainDecimal.test(value)) return 'notNumber';
  const [whole = '', fraction = ''] = value.split('.');
  // Zeros past the precision change nothing (1.1000000 USDT is 1.1), as on the server.
  if (fraction.replace(/0+$/, '').length > scale) return 'tooManyDecimals';
  const units = toBaseUnits(`${whole || '0'}${fraction ? `.${fraction}` : ''}`, scale);
  if (units <= 0n) return 'notPositive';
  if (available !== undefined && units > toBaseUnits(available, scale)) return 'overAvailable';
  return null;
}
