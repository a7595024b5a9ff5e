import type { LatestWithTrendItem } from '@coffer/contract';
import { marketPaths } from '@coffer/contract/market-paths';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';

/** GET /rate/anon/api/cryptoindex/latestWithTrend (spec §7): the index and/or coins with a 24-hour trend. */
export function getLatestWithTrend(currencies: string[], signal?: AbortSignal): Promise<LatestWithTrendItem[]> {
  return apiData<LatestWithTrendItem[]>(marketPaths.cryptoIndexLatestWithTrend, { query: { currencies: currencies.join(',') }, signal });
}

export const latestWithTrendQuery = (currencies: string[]) =>
  queryOptions({
    queryKey: ['market', 'latest-with-trend', currencies.join(',')] as const,
    queryFn: ({ signal }) => getLatestWithTrend(currencies, signal),
    refetchInterval: 60_000,
  });
