import type { SpotOrder } from '@coffer/contract';
import { tradePaths } from '@coffer/contract/trade-paths';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';
import { payOrder } from './pay-order';
import { useRefreshAfterOrderChange } from './refresh-after-order';

/** Places an order (pending payment) from a quote; placing twice from one quote answers the same order. */
export function placeOrder(quoteId: string): Promise<SpotOrder> {
  return apiData<SpotOrder>(tradePaths.orders, { method: 'POST', body: { quoteId } });
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
