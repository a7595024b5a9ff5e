import type { AssetSummary } from '@coffer/contract';
import { emptyAssetSummary } from '@coffer/contract/asset-summary';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';

export const assetSummaryPath = '/wallet/client/head-asset';

/** The asset summary of spec §3; loaded before asset pages open (spec §2). */
export const assetSummaryQuery = queryOptions({
  queryKey: ['wallet', 'asset-summary'],
  queryFn: async ({ signal }): Promise<AssetSummary> => ({
    ...emptyAssetSummary,
    ...(await apiData<Partial<AssetSummary>>(assetSummaryPath, { signal })),
  }),
});
