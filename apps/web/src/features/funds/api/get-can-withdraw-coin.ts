import type { CanWithdrawCoin } from '@coffer/contract';
import { withdrawalEndpoints } from '@coffer/contract/withdrawal-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

export function getCanWithdrawCoin(coin: string, chain: string, signal?: AbortSignal): Promise<CanWithdrawCoin> {
  return call(withdrawalEndpoints.canWithdraw, { query: { coin, chain } }, { signal });
}

/** Whether this coin can leave on this network now (a suspended coin says why). */
export const canWithdrawCoinQuery = (coin: string, chain: string) =>
  queryOptions({
    queryKey: ['funds', 'can-withdraw', coin, chain],
    queryFn: ({ signal }) => getCanWithdrawCoin(coin, chain, signal),
    enabled: coin !== '' && chain !== '',
  });
