import type { SpotOrder } from '@coffer/contract';
import { tradePaths } from '@coffer/contract/trade-paths';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';
import { orderPath } from './order-path';
import { useRefreshAfterOrderChange } from './refresh-after-order';

/** Pays and settles an order while its quote is valid; paying a completed order answers it unchanged. */
export function payOrder(orderNo: string): Promise<SpotOrder> {
  return apiData<SpotOrder>(orderPath(tradePaths.payOrder, orderNo), { method: 'POST' });
}

export function usePayOrder() {
  const refresh = useRefreshAfterOrderChange();
  return useMutation({ mutationFn: payOrder, onSettled: refresh });
}
