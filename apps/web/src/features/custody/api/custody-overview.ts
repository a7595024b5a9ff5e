import { custodyConsoleEndpoints } from '@coffer/contract/custody-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';
import { custodyQueryRoot } from './custody-me';

/** The console's home: organisation, business lines, members by role, accounts, pending actions. */
export const custodyOverviewQuery = queryOptions({
  queryKey: [custodyQueryRoot, 'overview'],
  queryFn: ({ signal }) => call(custodyConsoleEndpoints.overview, {}, { signal, isQuiet: true }),
});
