import type { EndpointResponse } from '@coffer/contract/endpoint';
import { walletEndpoints } from '@coffer/contract/wallet-endpoints';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

export interface BillFilters {
  coin?: string | undefined;
  type?: number | undefined;
  /** ISO instants; the range is [start, end). */
  start?: string | undefined;
  end?: string | undefined;
}

export type BillPage = EndpointResponse<typeof walletEndpoints.userBills>;

export function getBills(filters: BillFilters & { pageNo: number; pageSize: number }, signal?: AbortSignal): Promise<BillPage> {
  return call(walletEndpoints.userBills, { query: { ...filters } }, { signal });
}

export const billsQuery = (filters: BillFilters, pageNo: number, pageSize: number) =>
  queryOptions({
    queryKey: ['wallet', 'bills', filters, pageNo, pageSize],
    queryFn: ({ signal }) => getBills({ ...filters, pageNo, pageSize }, signal),
    placeholderData: keepPreviousData,
  });
