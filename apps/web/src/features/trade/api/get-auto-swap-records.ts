import type { AutoSwapRecordPage, AutoSwapStatus } from '@coffer/contract';
import { tradePaths } from '@coffer/contract/trade-paths';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';

export interface AutoSwapRecordFilters {
  sourceCoin?: string | undefined;
  status?: AutoSwapStatus | undefined;
}

export function getAutoSwapRecords(
  filters: AutoSwapRecordFilters & { pageNo: number; pageSize: number },
  signal?: AbortSignal,
): Promise<AutoSwapRecordPage> {
  return apiData<AutoSwapRecordPage>(tradePaths.autoSwapRecords, { query: { ...filters }, signal });
}

/** Automatic swap records, newest first. */
export const autoSwapRecordsQuery = (filters: AutoSwapRecordFilters, pageNo: number, pageSize: number) =>
  queryOptions({
    queryKey: ['trade', 'auto-swap', 'records', filters, pageNo, pageSize],
    queryFn: ({ signal }) => getAutoSwapRecords({ ...filters, pageNo, pageSize }, signal),
    placeholderData: keepPreviousData,
  });
