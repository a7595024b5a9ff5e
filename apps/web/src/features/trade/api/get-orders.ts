import type { OrderPage, SpotOrderStatus, TradeSide } from '@coffer/contract';
import { tradeEndpoints } from '@coffer/contract/trade-endpoints';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

export interface OrderFilters {
  pair?: string | undefined;
  side?: TradeSide | undefined;
  status?: SpotOrderStatus | undefined;
  /** ISO instants; the range is [start, end) over the order time. */
  start?: string | undefined;
  end?: string | undefined;
}

export function getOrders(filters: OrderFilters & { pageNo: number; pageSize: number }, signal?: AbortSignal): Promise<OrderPage> {
  return call(tradeEndpoints.orders, { query: { ...filters } }, { signal });
}

/** My orders, newest first. */
export const ordersQuery = (filters: OrderFilters, pageNo: number, pageSize: number) =>
  queryOptions({
    queryKey: ['trade', 'orders', filters, pageNo, pageSize],
    queryFn: ({ signal }) => getOrders({ ...filters, pageNo, pageSize }, signal),
    placeholderData: keepPreviousData,
  });
