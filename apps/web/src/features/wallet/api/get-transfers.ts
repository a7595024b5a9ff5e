import type { TransferRecord } from '@coffer/contract';
import { walletEndpoints } from '@coffer/contract/wallet-endpoints';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

export function getTransfers(pageNo: number, pageSize: number, signal?: AbortSignal): Promise<TransferRecord[]> {
  return call(walletEndpoints.transfers, { query: { pageNo, pageSize } }, { signal });
}

/** Transfer records in both directions, newest first; the server pages without a total. */
export const transfersQuery = (pageNo: number, pageSize: number) =>
  queryOptions({
    queryKey: ['wallet', 'transfers', pageNo, pageSize],
    queryFn: ({ signal }) => getTransfers(pageNo, pageSize, signal),
    placeholderData: keepPreviousData,
  });
