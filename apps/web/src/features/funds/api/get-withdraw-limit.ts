import type { WithdrawLimit } from '@coffer/contract';
import { withdrawalEndpoints } from '@coffer/contract/withdrawal-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

export function getWithdrawLimit(coin: string, chain: string, signal?: AbortSignal): Promise<WithdrawLimit> {
  return call(withdrawalEndpoints.userWithdrawLimit, { query: { coin, chain } }, { signal });
}

/** Minimum, fee, available, what can be sent now and what is left of the 24-hour limit. */
export const withdrawLimitQuery = (coin: string, chain: string) =>
  queryOptions({
    queryKey: ['funds', 'withdraw-limit', coin, chain],
    queryFn: ({ signal }) => getWithdrawLimit(coin, chain, signal),
    enabled: coin !== '' && chain !== '',
  });
