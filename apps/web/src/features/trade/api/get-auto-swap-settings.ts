import type { AutoSwapSettings } from '@coffer/contract';
import { tradeEndpoints } from '@coffer/contract/trade-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

export function getAutoSwapSettings(signal?: AbortSignal): Promise<AutoSwapSettings> {
  return call(tradeEndpoints.autoSwapSettings, {}, { signal });
}

/** The customer's source → target settings and the combinations that can be converted. */
export const autoSwapSettingsQuery = queryOptions({
  queryKey: ['trade', 'auto-swap', 'settings'],
  queryFn: ({ signal }) => getAutoSwapSettings(signal),
});
