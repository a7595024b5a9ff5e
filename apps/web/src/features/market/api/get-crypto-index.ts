import type { CryptoIndex } from '@coffer/contract';
import { marketPaths } from '@coffer/contract/market-paths';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';

export function getCryptoIndex(signal?: AbortSignal): Promise<CryptoIndex> {
  return apiData<CryptoIndex>(marketPaths.cryptoIndex, { signal });
}

export const cryptoIndexQuery = queryOptions({
  queryKey: ['market', 'crypto-index'],
  queryFn: ({ signal }) => getCryptoIndex(signal),
  refetchInterval: 15_000,
});
