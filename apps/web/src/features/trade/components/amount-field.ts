import { normalizeAmountInput } from '../../../shared/format/amount-input';

const partialDecimal = /^\d*(\.\d*)?$/;

/**
 * What the amount field holds after typing or pasting `raw`, for a coin of `scale` decimals;
 * null refuses the keystroke (a letter, a second decimal mark, one decimal too many), so the
 * field only ever holds a decimal the coin can carry. Pasted grouping marks are dropped.
 */
export function acceptAmountInput(raw: string, scale: number): string | null {
  const value = normalizeAmountInput(raw);
  if (!partialDecimal.test(value)) return null;
  const fraction = value.split('.')[1];
  if (fraction !== undefined && (scale === 0 || fraction.length > scale)) return null;
  return value;
}
