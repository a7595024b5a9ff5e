import type { DwRecordsBody, dwRecordsPageSchema } from '@coffer/contract';
import { depositPaths } from '@coffer/contract/deposit-paths';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';

export type DwRecordsPage = (typeof dwRecordsPageSchema)['_output'];
export type DwRecordsFilter = Pick<DwRecordsBody, 'kind' | 'coin' | 'pageNo' | 'pageSize'>;

export function getDwRecords(filter: DwRecordsFilter, signal?: AbortSignal): Promise<DwRecordsPage> {
  return apiData<DwRecordsPage>(depositPaths.dwRecords, { method: 'POST', body: filter, signal });
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
