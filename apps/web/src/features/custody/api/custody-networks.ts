import type { DwOption } from '@coffer/contract';
import { depositEndpoints } from '@coffer/contract/deposit-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

/** A coin's networks as the address book and whitelist offer them: chain, and whether it takes a tag/memo. */
export interface CustodyNetworks {
  coin: string;
  chains: { chain: string; needsMemo: boolean }[];
}

/**
 * Every supported coin with every network the catalogue has for it (the server checks an
 * address book or whitelist entry against the same catalogue).
 */
export const custodyNetworksQuery = queryOptions({
  queryKey: ['custody', 'networks'],
  queryFn: async ({ signal }): Promise<CustodyNetworks[]> => {
    const options: DwOption[] = await call(depositEndpoints.dwOption, {}, { signal });
    return options.map((option) => ({
      coin: option.coin,
      chains: option.chains.map((chain) => ({ chain: chain.chain, needsMemo: chain.needsMemo })),
    }));
  },
  staleTime: 5 * 60_000,
});
