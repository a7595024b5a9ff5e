import type { Quotation, QuoteCurrency } from '@coffer/contract';
import { marketEndpoints } from '@coffer/contract/market-endpoints';
import { quoteCurrencies } from '@coffer/contract/market-paths';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

export function isQuoteCurrency(coin: string): coin is QuoteCurrency {
  return (quoteCurrencies as readonly string[]).includes(coin);
}

/**
 * The market's quotation of `baseCoin` in `quoteCoin` (price, 24 h change, high, low), read
 * from the quotation board of that quote currency; null when the board has no such row.
 */
export async function getMarketQuotation(baseCoin: string, quoteCoin: QuoteCurrency, signal?: AbortSignal): Promise<Quotation | null> {
  const board = await call(marketEndpoints.quotations, { query: { quote: quoteCoin } }, { signal });
  return board.rows.find((row) => row.coin === baseCoin) ?? null;
}

/** Refreshed every market tick's worth of time while the trade screen is open. */
export const marketQuotationQuery = (baseCoin: string, quoteCoin: QuoteCurrency) =>
  queryOptions({
    queryKey: ['trade', 'market-quotation', baseCoin, quoteCoin],
    queryFn: ({ signal }) => getMarketQuotation(baseCoin, quoteCoin, signal),
    refetchInterval: 15_000,
  });
