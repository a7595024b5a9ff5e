import type { Bill } from '@coffer/contract';
import { walletPaths } from '@coffer/contract/wallet-paths';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';

export function getBillInfo(id: string, signal?: AbortSignal): Promise<Bill> {
  return apiData<Bill>(walletPaths.billInfo, { query: { id }, signal });
}

/** One bill with its full detail, for the detail drawer. */
export const billInfoQuery = (id: string) =>
  queryOptions({
    queryKey: ['wallet', 'bill-info', id],
    queryFn: ({ signal }) => getBillInfo(id, signal),
  });
