import type { DwOption } from '@coffer/contract';
import { depositPaths } from '@coffer/contract/deposit-paths';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';

export function getDwOptions(signal?: AbortSignal): Promise<DwOption[]> {
  return apiData<DwOption[]>(depositPaths.dwOption, { signal });
}

/** Per coin, the networks it travels on with their minimums, confirmations and fees. */
export const dwOptionsQuery = queryOptions({
  queryKey: ['funds', 'dw-options'],
  queryFn: ({ signal }) => getDwOptions(signal),
  staleTime: 5 * 60_000,
});
