import type { Currency } from '@coffer/contract';
import { walletEndpoints } from '@coffer/contract/wallet-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../http/call';

export function getCurrencies(signal?: AbortSignal): Promise<Currency[]> {
  return call(walletEndpoints.currencies, {}, { signal });
}

/** Supported coins with their scale (decimals an amount may have) and display precision. */
export const currenciesQuery = queryOptions({
  queryKey: ['wallet', 'currencies'],
  queryFn: ({ signal }) => getCurrencies(signal),
  staleTime: 5 * 60_000,
});
