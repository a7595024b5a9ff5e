import type { DwOption } from '@coffer/contract';
import { custodyConsoleEndpoints } from '@coffer/contract/custody-endpoints';
import { depositEndpoints } from '@coffer/contract/deposit-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';
import { custodyQueryRoot } from './custody-me';

/**
 * Per coin, the networks it travels on with their minimum deposit and confirmations: the same
 * options a customer's recharge page offers (the custody accounts' deposits are watched by the
 * same deposits module).
 */
export const custodyDepositOptionsQuery = queryOptions({
  queryKey: [custodyQueryRoot, 'deposit-options'],
  queryFn: ({ signal }): Promise<DwOption[]> => call(depositEndpoints.dwOption, {}, { signal, isQuiet: true }),
  staleTime: 5 * 60_000,
});

/** A custody account's deposit address for a coin on a network, with its QR code; derived once, it never changes. */
export const custodyDepositAddressQuery = (accountId: string, coin: string, chain: string) =>
  queryOptions({
    queryKey: [custodyQueryRoot, 'deposit-address', accountId, coin, chain],
    queryFn: ({ signal }) =>
      call(custodyConsoleEndpoints.depositAddress, { params: { id: accountId }, query: { coin, chain } }, { signal, isQuiet: true }),
    staleTime: Infinity,
  });
