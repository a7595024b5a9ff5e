import type { DepositAddress } from '@coffer/contract';
import { depositPaths } from '@coffer/contract/deposit-paths';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';

export function getDepositAddress(coin: string, chain: string, signal?: AbortSignal): Promise<DepositAddress> {
  return apiData<DepositAddress>(depositPaths.depositAddress, { query: { coin, chain }, signal });
}

/** The signed-in customer's deposit address on one network, with its QR code; it never changes. */
export const depositAddressQuery = (coin: string, chain: string) =>
  queryOptions({
    queryKey: ['funds', 'deposit-address', coin, chain],
    queryFn: ({ signal }) => getDepositAddress(coin, chain, signal),
    staleTime: Infinity,
  });
