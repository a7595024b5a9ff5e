import { formatPercent } from '../../../shared/format/format-amount';
import { formatAmount, formatExactAmount, formatPrice } from '../../../shared/format/figures';

/** An amount with its coin ("1,234.56 USDT"): a balance, an order, a record — the coin's display precision, cut. */
export function formatCoinAmount(amount: string, coin: string, language: string): string {
  return `${formatAmount(coin, amount, language)} ${coin}`;
}

/** A term of the quote being confirmed (pay, receive, fee) with its coin, every decimal kept. */
export function formatFirmAmount(amount: string, coin: string, language: string): string {
  return `${formatExactAmount(coin, amount, language)} ${coin}`;
}

/** A unit price of `pair` at its tick, in the quote coin ("96,857.08 USDT"). */
export function formatPairPrice(price: string, pair: string, language: string): string {
  return `${formatPrice(pair, price, language)} ${pair.split('/')[1] ?? ''}`.trim();
}

/** A fee rate fraction ("0.001") as a percentage ("0.1%"), exact: the decimal point moves two places. */
export function feeRatePercent(rate: string, language: string): string {
  const [whole = '0', fraction = ''] = rate.split('.');
  const padded = fraction.padEnd(2, '0');
  const integer = `${whole}${padded.slice(0, 2)}`.replace(/^0+(?=\d)/, '');
  const rest = padded.slice(2).replace(/0+$/, '');
  return formatPercent(rest ? `${integer}.${rest}` : integer, rest.length, language);
}
