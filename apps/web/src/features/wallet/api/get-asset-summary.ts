import type { AssetSummary } from '@coffer/contract';
import { emptyAssetSummary } from '@coffer/contract/asset-summary';
import type { walletEndpoints } from '@coffer/contract/wallet-endpoints';
import { walletPaths } from '@coffer/contract/wallet-paths';
import { queryOptions } from '@tanstack/react-query';
import { call, endpointRoute } from '../../../shared/http/call';

/** Named by its route: the route guards load the summary before an asset page opens, and the entry loads no zod. */
const headAsset = endpointRoute<typeof walletEndpoints.headAsset>('GET', walletPaths.headAsset);

/** The asset summary of spec §3 (each key defaulting to '0'); loaded before asset pages open (spec §2). */
export const assetSummaryQuery = queryOptions({
  queryKey: ['wallet', 'asset-summary'],
  queryFn: async ({ signal }): Promise<AssetSummary> => ({ ...emptyAssetSummary, ...(await call(headAsset, {}, { signal })) }),
});
