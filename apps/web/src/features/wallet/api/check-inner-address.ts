import type { innerAddressSchema } from '@coffer/contract';
import { walletPaths } from '@coffer/contract/wallet-paths';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';

export type InnerAddress = (typeof innerAddressSchema)['_output'];

/** Whether a user number, e-mail or +phone belongs to a Coffer customer (internal transfer). */
export function checkInnerAddress(address: string, signal?: AbortSignal): Promise<InnerAddress> {
  return apiData<InnerAddress>(walletPaths.isInnerAddress.replace(':address', encodeURIComponent(address.trim())), {
    signal,
  });
}

export const innerAddressQuery = (address: string) =>
  queryOptions({
    queryKey: ['wallet', 'inner-address', address.trim()],
    queryFn: ({ signal }) => checkInnerAddress(address, signal),
    staleTime: 60_000,
  });
