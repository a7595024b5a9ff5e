import type { DwOption } from '@coffer/contract';
import { depositEndpoints } from '@coffer/contract/deposit-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

export function getDwOptions(signal?: AbortSignal): Promise<DwOption[]> {
  return call(depositEndpoints.dwOption, {}, { signal });
}

/** Per coin, the networks it travels on with their minimums, confirmations and fees. */
export const dwOptionsQuery = queryOptions({
  queryKey: ['funds', 'dw-options'],
  queryFn: ({ signal }) => getDwOptions(signal),
  staleTime: 5 * 60_000,
});
