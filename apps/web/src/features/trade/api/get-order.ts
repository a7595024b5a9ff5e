import type { OrderDetail } from '@coffer/contract';
import { tradeEndpoints } from '@coffer/contract/trade-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

export function getOrder(orderNo: string, signal?: AbortSignal): Promise<OrderDetail> {
  return call(tradeEndpoints.order, { params: { orderNo } }, { signal });
}

/** One order with its signed receipt. */
export const orderQuery = (orderNo: string) =>
  queryOptions({
    queryKey: ['trade', 'order', orderNo],
    queryFn: ({ signal }) => getOrder(orderNo, signal),
  });
