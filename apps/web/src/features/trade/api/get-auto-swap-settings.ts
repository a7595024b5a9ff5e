import type { AutoSwapSettings } from '@coffer/contract';
import { tradePaths } from '@coffer/contract/trade-paths';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';

export function getAutoSwapSettings(signal?: AbortSignal): Promise<AutoSwapSettings> {
  return apiData<AutoSwapSettings>(tradePaths.autoSwapSettings, { signal });
}

/** The customer's source → target settings and the combinations that can be converted. */
export const autoSwapSettingsQuery = queryOptions({
  queryKey: ['trade', 'auto-swap', 'settings'],
  queryFn: ({ signal }) => getAutoSwapSettings(signal),
});
