import type { CryptoIndex } from '@coffer/contract';
import { marketEndpoints } from '@coffer/contract/market-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

export function getCryptoIndex(signal?: AbortSignal): Promise<CryptoIndex> {
  return call(marketEndpoints.cryptoIndex, {}, { signal });
}

export const cryptoIndexQuery = queryOptions({
  queryKey: ['market', 'crypto-index'],
  queryFn: ({ signal }) => getCryptoIndex(signal),
  refetchInterval: 15_000,
});
