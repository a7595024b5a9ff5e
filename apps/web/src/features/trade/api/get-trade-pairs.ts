import type { TradePairs } from '@coffer/contract';
import { tradePaths } from '@coffer/contract/trade-paths';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';

export function getTradePairs(signal?: AbortSignal): Promise<TradePairs> {
  return apiData<TradePairs>(tradePaths.pairs, { signal });
}

/** Tradable pairs with their scales and indicative price, the quote validity and the fee rate. */
export const tradePairsQuery = queryOptions({
  queryKey: ['trade', 'pairs'],
  queryFn: ({ signal }) => getTradePairs(signal),
  staleTime: 30_000,
});
