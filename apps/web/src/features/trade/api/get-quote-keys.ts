import type { QuoteKey } from '@coffer/contract';
import { tradeEndpoints } from '@coffer/contract/trade-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

export function getQuoteKeys(signal?: AbortSignal): Promise<QuoteKey[]> {
  return call(tradeEndpoints.quoteKeys, {}, { signal }).then((answer) => answer.keys);
}

/** The public keys Coffer publishes for its quote signatures: a receipt's key must be one of them. */
export const quoteKeysQuery = queryOptions({
  queryKey: ['trade', 'quote-keys'],
  queryFn: ({ signal }) => getQuoteKeys(signal),
  staleTime: 5 * 60_000,
});
