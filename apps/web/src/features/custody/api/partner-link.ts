import type { CustodyPartnerConfirmBody, CustodyPartnerLink, CustodyPartnerLinked } from '@coffer/contract';
import { custodyPartnerEndpoints } from '@coffer/contract/custody-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

/**
 * What an open partner link shows. Asked once per visit: every lookup of a link that does not
 * work counts against the caller's address, so it is never retried or refetched on its own.
 */
export const partnerLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ['custody', 'partnerLink', token],
    queryFn: ({ signal }): Promise<CustodyPartnerLink> =>
      call(custodyPartnerEndpoints.partnerLink, { body: { token } }, { signal, isQuiet: true }),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** Quiet: the page shows a refusal at its field or above the form. */
export function confirmPartnerLink(body: CustodyPartnerConfirmBody): Promise<CustodyPartnerLinked> {
  return call(custodyPartnerEndpoints.confirmPartnerLink, { body }, { isQuiet: true });
}
