import type { TradePairs } from '@coffer/contract';
import { tradeEndpoints } from '@coffer/contract/trade-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

export function getTradePairs(signal?: AbortSignal): Promise<TradePairs> {
  return call(tradeEndpoints.pairs, {}, { signal });
}

/** Tradable pairs with their scales and indicative price, the quote validity and the fee rate. */
export const tradePairsQuery = queryOptions({
  queryKey: ['trade', 'pairs'],
  queryFn: ({ signal }) => getTradePairs(signal),
  staleTime: 30_000,
});
