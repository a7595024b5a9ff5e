import type { CustodySettings } from '@coffer/contract';
import { custodyConsoleEndpoints } from '@coffer/contract/custody-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

export const custodySettingsKey = ['custody', 'settings'] as const;

export function getCustodySettings(signal?: AbortSignal): Promise<CustodySettings> {
  return call(custodyConsoleEndpoints.settings, {}, { signal });
}

/** The organisation's common settings: hardware keys required, session length, console IP allow-list. */
export const custodySettingsQuery = queryOptions({
  queryKey: custodySettingsKey,
  queryFn: ({ signal }) => getCustodySettings(signal),
});

/** Quiet: the form shows a refusal at its field (the IP list) or above itself. */
export function saveCustodySettings(body: CustodySettings): Promise<CustodySettings> {
  return call(custodyConsoleEndpoints.saveSettings, { body }, { isQuiet: true });
}
