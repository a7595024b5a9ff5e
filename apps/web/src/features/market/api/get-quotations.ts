import type { QuotationList, QuoteCurrency } from '@coffer/contract';
import { marketPaths } from '@coffer/contract/market-paths';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';

export function getQuotations(quote: QuoteCurrency, signal?: AbortSignal): Promise<QuotationList> {
  return apiData<QuotationList>(marketPaths.quotations, { query: { quote }, signal });
}

export const quotationsQueryKey = (quote: QuoteCurrency) => ['market', 'quotations', quote] as const;

/** The board of one quote currency; the WebSocket then writes each new board into this cache entry. */
export const quotationsQuery = (quote: QuoteCurrency) =>
  queryOptions({
    queryKey: quotationsQueryKey(quote),
    queryFn: ({ signal }) => getQuotations(quote, signal),
  });
