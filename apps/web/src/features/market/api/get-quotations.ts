import type { QuotationList, QuoteCurrency } from '@coffer/contract';
import { marketEndpoints } from '@coffer/contract/market-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

export function getQuotations(quote: QuoteCurrency, signal?: AbortSignal): Promise<QuotationList> {
  return call(marketEndpoints.quotations, { query: { quote } }, { signal });
}

export const quotationsQueryKey = (quote: QuoteCurrency) => ['market', 'quotations', quote] as const;

/** The board of one quote currency; the WebSocket then writes each new board into this cache entry. */
export const quotationsQuery = (quote: QuoteCurrency) =>
  queryOptions({
    queryKey: quotationsQueryKey(quote),
    queryFn: ({ signal }) => getQuotations(quote, signal),
  });
