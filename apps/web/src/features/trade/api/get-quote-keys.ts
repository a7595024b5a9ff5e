import type { QuoteKey } from '@coffer/contract';
import { tradePaths } from '@coffer/contract/trade-paths';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';

export function getQuoteKeys(signal?: AbortSignal): Promise<QuoteKey[]> {
  return apiData<{ keys: QuoteKey[] }>(tradePaths.quoteKeys, { signal }).then((answer) => answer.keys);
}

/** The public keys Coffer publishes for its quote signatures: a receipt's key must be one of them. */
export const quoteKeysQuery = queryOptions({
  queryKey: ['trade', 'quote-keys'],
  queryFn: ({ signal }) => getQuoteKeys(signal),
  staleTime: 5 * 60_000,
});
