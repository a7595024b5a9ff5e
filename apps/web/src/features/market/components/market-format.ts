import type { QuoteCurrency } from '@coffer/contract';

/**
 * Decimals a price is shown with: BTC-quoted prices are tiny, so all 8; dollar-quoted prices
 * keep 2 decimals from 100 up and 4 below (cut, never rounded: formatAmount).
 */
export function pricePrecision(price: string, quote: QuoteCurrency | 'USD'): number {
  if (quote === 'BTC') return 8;
  const whole = price.split('.')[0] ?? '0';
  return whole.replace(/^0+/, '').length >= 3 ? 2 : 4;
}
