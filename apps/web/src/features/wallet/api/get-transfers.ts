import type { TransferRecord } from '@coffer/contract';
import { walletPaths } from '@coffer/contract/wallet-paths';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';

export function getTransfers(pageNo: number, pageSize: number, signal?: AbortSignal): Promise<TransferRecord[]> {
  return apiData<TransferRecord[]>(walletPaths.transfers, { query: { pageNo, pageSize }, signal });
}

/** Transfer records in both directions, newest first; the server pages without a total. */
export const transfersQuery = (pageNo: number, pageSize: number) =>
  queryOptions({
    queryKey: ['wallet', 'transfers', pageNo, pageSize],
    queryFn: ({ signal }) => getTransfers(pageNo, pageSize, signal),
    placeholderData: keepPreviousData,
  });
