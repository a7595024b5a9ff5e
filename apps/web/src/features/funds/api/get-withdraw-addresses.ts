import type { WithdrawAddress } from '@coffer/contract';
import { withdrawalPaths } from '@coffer/contract/withdrawal-paths';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';

export function getWithdrawAddresses(chain: string | undefined, signal?: AbortSignal): Promise<WithdrawAddress[]> {
  return apiData<WithdrawAddress[]>(withdrawalPaths.withdrawAddresses, { query: { chain }, signal });
}

/** The address book, on one network or all. */
export const withdrawAddressesQuery = (chain?: string) =>
  queryOptions({
    queryKey: ['funds', 'withdraw-addresses', chain ?? 'all'],
    queryFn: ({ signal }) => getWithdrawAddresses(chain, signal),
  });
