import type { Bill } from '@coffer/contract';
import { walletPaths } from '@coffer/contract/wallet-paths';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';

export interface FiatPair {
  usdValue: string;
  rmbValue: string;
}

/** GET /acc_dash/v1/user_dash (spec §2 dashboard); values are decimal strings. */
export interface UserDashboard {
  trend: Array<FiatPair & { date: string }>;
  live: FiatPair;
  recentActivity: Bill[];
  /** `change24h` is in percent. */
  quotations: Array<{ coin: string; usdPrice: string; change24h: string }>;
  news: Array<{ title: string; url: string; time: string }>;
  isEmpty: boolean;
}

export function getDashboard(signal?: AbortSignal): Promise<UserDashboard> {
  return apiData<UserDashboard>(walletPaths.dashboard, { signal });
}

export const dashboardQuery = queryOptions({
  queryKey: ['wallet', 'dashboard'],
  queryFn: ({ signal }) => getDashboard(signal),
});
