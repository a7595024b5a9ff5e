import type { DwRecordsBody } from '@coffer/contract';
import type { EndpointResponse } from '@coffer/contract/endpoint';
import { depositEndpoints } from '@coffer/contract/deposit-endpoints';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

export type DwRecordsPage = EndpointResponse<typeof depositEndpoints.dwRecords>;
export type DwRecordsFilter = Pick<DwRecordsBody, 'kind' | 'coin' | 'pageNo' | 'pageSize'>;

export function getDwRecords(filter: DwRecordsFilter, signal?: AbortSignal): Promise<DwRecordsPage> {
  return call(depositEndpoints.dwRecords, { body: filter }, { signal });
}

/**
 * Deposit or withdrawal records, newest first. `refreshMs` polls while something on the page
 * is still on its way (a deposit gathering confirmations, a withdrawal being sent).
 */
export const dwRecordsQuery = (filter: DwRecordsFilter, refreshMs: (page: DwRecordsPage | undefined) => number | false) =>
  queryOptions({
    queryKey: ['funds', 'dw-records', filter],
    queryFn: ({ signal }) => getDwRecords(filter, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => refreshMs(query.state.data),
  });
