import { custodyConsoleEndpoints } from '@coffer/contract/custody-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';
import { custodyQueryRoot } from './custody-me';

/** The keys of everything a move of money changes: balances, the asset report, the transfer history. */
export const custodyMoneyRoot = [custodyQueryRoot, 'money'] as const;

/**
 * Every custody account's balances per asset (available, frozen) with USD values; any member
 * may read them. Quiet: the screen shows a failure where the figures would be.
 */
export const custodyBalancesQuery = queryOptions({
  queryKey: [...custodyMoneyRoot, 'balances'],
  queryFn: ({ signal }) => call(custodyConsoleEndpoints.balances, {}, { signal, isQuiet: true }),
});
