import type { CustodyAccount, CustodyAccountBody } from '@coffer/contract';
import { custodyConsoleEndpoints } from '@coffer/contract/custody-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

export const custodyAccountsKey = ['custody', 'accounts'] as const;

export function getCustodyAccounts(signal?: AbortSignal): Promise<CustodyAccount[]> {
  return call(custodyConsoleEndpoints.accounts, {}, { signal });
}

/** The organisation's custody accounts (any member may read them) with their address counts. */
export const custodyAccountsQuery = queryOptions({
  queryKey: custodyAccountsKey,
  queryFn: ({ signal }) => getCustodyAccounts(signal),
});

/** Quiet: the dialog shows the refusal (a name already used) at its field. */
export function addCustodyAccount(body: CustodyAccountBody): Promise<CustodyAccount> {
  return call(custodyConsoleEndpoints.addAccount, { body }, { isQuiet: true });
}
