import type { Bill } from '@coffer/contract';
import { walletPaths } from '@coffer/contract/wallet-paths';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';

export interface BillFilters {
  coin?: string | undefined;
  type?: number | undefined;
  /** ISO instants; the range is [start, end). */
  start?: string | undefined;
  end?: string | undefined;
}

export interface BillPage {
  pageNo: number;
  pageSize: number;
  total: number;
  records: Bill[];
}

export function getBills(filters: BillFilters & { pageNo: number; pageSize: number }, signal?: AbortSignal): Promise<BillPage> {
  return apiData<BillPage>(walletPaths.userBills, { query: { ...filters }, signal });
}

export const billsQuery = (filters: BillFilters, pageNo: number, pageSize: number) =>
  queryOptions({
    queryKey: ['wallet', 'bills', filters, pageNo, pageSize],
    queryFn: ({ signal }) => getBills({ ...filters, pageNo, pageSize }, signal),
    placeholderData: keepPreviousData,
  });
