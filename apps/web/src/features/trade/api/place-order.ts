import type { SpotOrder } from '@coffer/contract';
import { tradeEndpoints } from '@coffer/contract/trade-endpoints';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';
import { payOrder } from './pay-order';
import { useRefreshAfterOrderChange } from './refresh-after-order';

/** Places an order (pending payment) from a quote; placing twice from one quote answers the same order. */
export function placeOrder(quoteId: string): Promise<SpotOrder> {
  return call(tradeEndpoints.placeOrder, { body: { quoteId } });
}

/**
 * The confirm step of the spot trade: the quote becomes an order that is paid at once. An
 * order whose payment is refused stays in "my orders", payable or cancellable there.
 */
export function usePlaceAndPayOrder() {
  const refresh = useRefreshAfterOrderChange();
  return useMutation({
    mutationFn: async (quoteId: string) => payOrder((await placeOrder(quoteId)).orderNo),
    onSettled: refresh,
  });
}
