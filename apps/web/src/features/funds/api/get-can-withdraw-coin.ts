import type { CanWithdrawCoin } from '@coffer/contract';
import { withdrawalPaths } from '@coffer/contract/withdrawal-paths';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';

export function getCanWithdrawCoin(coin: string, chain: string, signal?: AbortSignal): Promise<CanWithdrawCoin> {
  return apiData<CanWithdrawCoin>(withdrawalPaths.canWithdraw, { query: { coin, chain }, signal });
}

/** Whether this coin can leave on this network now (a suspended coin says why). */
export const canWithdrawCoinQuery = (coin: string, chain: string) =>
  queryOptions({
    queryKey: ['funds', 'can-withdraw', coin, chain],
    queryFn: ({ signal }) => getCanWithdrawCoin(coin, chain, signal),
    enabled: coin !== '' && chain !== '',
  });
