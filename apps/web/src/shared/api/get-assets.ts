import type { EndpointResponse } from '@coffer/contract/endpoint';
import { walletEndpoints } from '@coffer/contract/wallet-endpoints';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../http/call';

export type AssetTable = EndpointResponse<typeof walletEndpoints.bitAssets>;

export interface AssetFilters {
  /** Search by coin code or name; empty for every coin. */
  coin?: string;
  /** Spec §2: hide balances worth under 1 USD. */
  hideSmall?: boolean;
}

export function getAssets(filters: AssetFilters, signal?: AbortSignal): Promise<AssetTable> {
  const coin = filters.coin?.trim();
  return call(
    walletEndpoints.bitAssets,
    { query: { coin: coin ? coin : undefined, hideSmall: filters.hideSmall ? 'true' : 'false' } },
    { signal },
  );
}

/** The balance account's asset table (spec §2), one row per supported coin. */
export const assetsQuery = (filters: AssetFilters = {}) =>
  queryOptions({
    queryKey: ['wallet', 'assets', { coin: filters.coin?.trim() ?? '', hideSmall: filters.hideSmall ?? false }],
    queryFn: ({ signal }) => getAssets(filters, signal),
    placeholderData: keepPreviousData,
  });
