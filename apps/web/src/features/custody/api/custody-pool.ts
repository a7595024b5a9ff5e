import type { CustodyPoolLinkBody, CustodyPoolLinkCreated, CustodyPoolPartner, DwOption } from '@coffer/contract';
import { custodyConsoleEndpoints } from '@coffer/contract/custody-endpoints';
import { depositEndpoints } from '@coffer/contract/deposit-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

export const custodyPoolPartnersKey = ['custody', 'poolPartners'] as const;

/** The mining-pool partner links, newest first (the enterprise admin's). */
export const custodyPoolPartnersQuery = queryOptions({
  queryKey: custodyPoolPartnersKey,
  queryFn: ({ signal }): Promise<CustodyPoolPartner[]> => call(custodyConsoleEndpoints.poolPartners, {}, { signal }),
});

/** A coin and the networks its deposits are open on: what a partner can pay out in. */
export interface PoolPayoutOption {
  coin: string;
  chains: string[];
}

/** Every coin with the networks that take deposits now (a link for another is refused). */
export const poolPayoutOptionsQuery = queryOptions({
  queryKey: ['custody', 'poolPayoutOptions'],
  queryFn: async ({ signal }): Promise<PoolPayoutOption[]> => {
    const options: DwOption[] = await call(depositEndpoints.dwOption, {}, { signal });
    return options
      .map((option) => ({ coin: option.coin, chains: option.chains.filter((chain) => chain.depositEnabled).map((chain) => chain.chain) }))
      .filter((option) => option.chains.length > 0);
  },
  staleTime: 5 * 60_000,
});

/**
 * Making a link is quiet (the dialog shows a refusal at its field or in itself); revoking and
 * unlinking are toasted by the HTTP client.
 */
export const custodyPoolCalls = {
  create: (body: CustodyPoolLinkBody): Promise<CustodyPoolLinkCreated> =>
    call(custodyConsoleEndpoints.addPoolLink, { body }, { isQuiet: true }),
  revoke: (id: string, successText: string): Promise<CustodyPoolPartner> =>
    call(custodyConsoleEndpoints.revokePoolLink, { params: { id } }, { successText }),
  unlink: (id: string, successText: string): Promise<CustodyPoolPartner> =>
    call(custodyConsoleEndpoints.unlinkPoolPartner, { params: { id } }, { successText }),
};
