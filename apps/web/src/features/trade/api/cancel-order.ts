import type { SpotOrder } from '@coffer/contract';
import { tradeEndpoints } from '@coffer/contract/trade-endpoints';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';
import { useRefreshAfterOrderChange } from './refresh-after-order';

/** Cancels an order pending payment; cancelling it again answers it unchanged. */
export function cancelOrder(orderNo: string): Promise<SpotOrder> {
  return call(tradeEndpoints.cancelOrder, { params: { orderNo } });
}

export function useCancelOrder() {
  const refresh = useRefreshAfterOrderChange();
  return useMutation({ mutationFn: cancelOrder, onSettled: refresh });
}
