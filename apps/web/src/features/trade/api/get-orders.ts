import type { OrderPage, SpotOrderStatus, TradeSide } from '@coffer/contract';
import { tradePaths } from '@coffer/contract/trade-paths';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';

export interface OrderFilters {
  pair?: string | undefined;
  side?: TradeSide | undefined;
  status?: SpotOrderStatus | undefined;
  /** ISO instants; the range is [start, end) over the order time. */
  start?: string | undefined;
  end?: string | undefined;
}

export function getOrders(filters: OrderFilters & { pageNo: number; pageSize: number }, signal?: AbortSignal): Promise<OrderPage> {
  return apiData<OrderPage>(tradePaths.orders, { query: { ...filters }, signal });
}

/** My orders, newest first. */
export const ordersQuery = (filters: OrderFilters, pageNo: number, pageSize: number) =>
  queryOptions({
    queryKey: ['trade', 'orders', filters, pageNo, pageSize],
    queryFn: ({ signal }) => getOrders({ ...filters, pageNo, pageSize }, signal),
    placeholderData: keepPreviousData,
  });
