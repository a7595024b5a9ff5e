import type { AutoSwapRecordPage, AutoSwapStatus } from '@coffer/contract';
import { tradeEndpoints } from '@coffer/contract/trade-endpoints';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

export interface AutoSwapRecordFilters {
  sourceCoin?: string | undefined;
  status?: AutoSwapStatus | undefined;
}

export function getAutoSwapRecords(
  filters: AutoSwapRecordFilters & { pageNo: number; pageSize: number },
  signal?: AbortSignal,
): Promise<AutoSwapRecordPage> {
  return call(tradeEndpoints.autoSwapRecords, { query: { ...filters } }, { signal });
}

/** Automatic swap records, newest first. */
export const autoSwapRecordsQuery = (filters: AutoSwapRecordFilters, pageNo: number, pageSize: number) =>
  queryOptions({
    queryKey: ['trade', 'auto-swap', 'records', filters, pageNo, pageSize],
    queryFn: ({ signal }) => getAutoSwapRecords({ ...filters, pageNo, pageSize }, signal),
    placeholderData: keepPreviousData,
  });
