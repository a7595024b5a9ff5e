import type { LatestWithTrendItem } from '@coffer/contract';
import { marketEndpoints } from '@coffer/contract/market-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

/** GET /rate/anon/api/cryptoindex/latestWithTrend (spec §7): the index and/or coins with a 24-hour trend. */
export function getLatestWithTrend(currencies: string[], signal?: AbortSignal): Promise<LatestWithTrendItem[]> {
  return call(marketEndpoints.cryptoIndexLatestWithTrend, { query: { currencies: currencies.join(',') } }, { signal });
}

export const latestWithTrendQuery = (currencies: string[]) =>
  queryOptions({
    queryKey: ['market', 'latest-with-trend', currencies.join(',')] as const,
    queryFn: ({ signal }) => getLatestWithTrend(currencies, signal),
    refetchInterval: 60_000,
  });
