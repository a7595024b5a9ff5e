import type { SpotOrder } from '@coffer/contract';
import { tradePaths } from '@coffer/contract/trade-paths';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';
import { orderPath } from './order-path';
import { useRefreshAfterOrderChange } from './refresh-after-order';

/** Cancels an order pending payment; cancelling it again answers it unchanged. */
export function cancelOrder(orderNo: string): Promise<SpotOrder> {
  return apiData<SpotOrder>(orderPath(tradePaths.cancelOrder, orderNo), { method: 'POST' });
}

export function useCancelOrder() {
  const refresh = useRefreshAfterOrderChange();
  return useMutation({ mutationFn: cancelOrder, onSettled: refresh });
}
