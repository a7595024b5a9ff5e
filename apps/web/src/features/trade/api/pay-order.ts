import type { SpotOrder } from '@coffer/contract';
import { tradeEndpoints } from '@coffer/contract/trade-endpoints';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';
import { useRefreshAfterOrderChange } from './refresh-after-order';

/** Pays and settles an order while its quote is valid; paying a completed order answers it unchanged. */
export function payOrder(orderNo: string): Promise<SpotOrder> {
  return call(tradeEndpoints.payOrder, { params: { orderNo } });
}

export function usePayOrder() {
  const refresh = useRefreshAfterOrderChange();
  return useMutation({ mutationFn: payOrder, onSettled: refresh });
}
