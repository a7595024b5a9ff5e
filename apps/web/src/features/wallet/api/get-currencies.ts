import type { Currency } from '@coffer/contract';
import { walletPaths } from '@coffer/contract/wallet-paths';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';

export function getCurrencies(signal?: AbortSignal): Promise<Currency[]> {
  return apiData<Currency[]>(walletPaths.currencies, { signal });
}

/** Supported coins with their scale (decimals an amount may have) and display precision. */
export const currenciesQuery = queryOptions({
  queryKey: ['wallet', 'currencies'],
  queryFn: ({ signal }) => getCurrencies(signal),
  staleTime: 5 * 60_000,
});
