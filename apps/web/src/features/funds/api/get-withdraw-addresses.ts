import type { WithdrawAddress } from '@coffer/contract';
import { withdrawalEndpoints } from '@coffer/contract/withdrawal-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

export function getWithdrawAddresses(chain: string | undefined, signal?: AbortSignal): Promise<WithdrawAddress[]> {
  return call(withdrawalEndpoints.withdrawAddresses, { query: { chain } }, { signal });
}

/** The address book, on one network or all. */
export const withdrawAddressesQuery = (chain?: string) =>
  queryOptions({
    queryKey: ['funds', 'withdraw-addresses', chain ?? 'all'],
    queryFn: ({ signal }) => getWithdrawAddresses(chain, signal),
  });
