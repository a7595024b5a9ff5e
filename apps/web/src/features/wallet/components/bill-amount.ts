import type { Currency } from '@coffer/contract';
import { formatAmount } from '../../../shared/format/format-amount';

/** Decimals to show when the coin is not (yet) in the catalogue. */
const fallbackPrecision = 8;

export function displayPrecisionOf(coin: string, currencies: Currency[] | undefined): number {
  return currencies?.find((currency) => currency.coin === coin)?.displayPrecision ?? fallbackPrecision;
}

/** A signed bill amount ("+1.5", "-0.25") in the coin's display precision. */
export function formatSignedAmount(amount: string, coin: string, currencies: Currency[] | undefined, language: string): string {
  return formatAmount(amount, displayPrecisionOf(coin, currencies), language, { signDisplay: 'exceptZero' });
}
