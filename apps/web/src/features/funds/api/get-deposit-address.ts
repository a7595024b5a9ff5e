import type { DepositAddress } from '@coffer/contract';
import { depositEndpoints } from '@coffer/contract/deposit-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

export function getDepositAddress(coin: string, chain: string, signal?: AbortSignal): Promise<DepositAddress> {
  return call(depositEndpoints.depositAddress, { query: { coin, chain } }, { signal });
}

/** The signed-in customer's deposit address on one network, with its QR code; it never changes. */
export const depositAddressQuery = (coin: string, chain: string) =>
  queryOptions({
    queryKey: ['funds', 'deposit-address', coin, chain],
    queryFn: ({ signal }) => getDepositAddress(coin, chain, signal),
    staleTime: Infinity,
  });
