import type { Bill } from '@coffer/contract';
import { walletEndpoints } from '@coffer/contract/wallet-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

export function getBillInfo(id: string, signal?: AbortSignal): Promise<Bill> {
  return call(walletEndpoints.billInfo, { query: { id } }, { signal });
}

/** One bill with its full detail, for the detail drawer. */
export const billInfoQuery = (id: string) =>
  queryOptions({
    queryKey: ['wallet', 'bill-info', id],
    queryFn: ({ signal }) => getBillInfo(id, signal),
  });
