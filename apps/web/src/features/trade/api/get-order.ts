import type { OrderDetail } from '@coffer/contract';
import { tradePaths } from '@coffer/contract/trade-paths';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';
import { orderPath } from './order-path';

export function getOrder(orderNo: string, signal?: AbortSignal): Promise<OrderDetail> {
  return apiData<OrderDetail>(orderPath(tradePaths.order, orderNo), { signal });
}

/** One order with its signed receipt. */
export const orderQuery = (orderNo: string) =>
  queryOptions({
    queryKey: ['trade', 'order', orderNo],
    queryFn: ({ signal }) => getOrder(orderNo, signal),
  });
