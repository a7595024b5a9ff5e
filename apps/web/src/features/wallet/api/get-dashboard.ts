import type { EndpointResponse } from '@coffer/contract/endpoint';
import { walletEndpoints } from '@coffer/contract/wallet-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

/** GET /acc_dash/v1/user_dash (spec §2 dashboard); values are decimal strings, `change24h` in percent. */
export type UserDashboard = EndpointResponse<typeof walletEndpoints.dashboard>;

export function getDashboard(signal?: AbortSignal): Promise<UserDashboard> {
  return call(walletEndpoints.dashboard, {}, { signal });
}

export const dashboardQuery = queryOptions({
  queryKey: ['wallet', 'dashboard'],
  queryFn: ({ signal }) => getDashboard(signal),
});
