import { errorCatalogue } from '@coffer/contract/errors';
import { custodyEndpoints } from '@coffer/contract/custody-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';
import { ApiError } from '../../../shared/http/http-client';

/** Every custody query key starts here, so joining or leaving an organisation drops them all. */
export const custodyQueryRoot = 'custody';

/**
 * The caller's organisation, membership and permissions; `custodyNotEnabled` or
 * `custodyMemberFrozen` without an active membership. Quiet: the console shows those as its
 * own screen, not as a toast.
 */
export const custodyMeQuery = queryOptions({
  queryKey: [custodyQueryRoot, 'me'],
  queryFn: ({ signal }) => call(custodyEndpoints.me, {}, { signal, isQuiet: true }),
  staleTime: 30_000,
});

export type CustodyAccessRefusal = 'notEnabled' | 'frozen' | 'sessionExpired';

/** Which "no access" state a failed `me` stands for, or null for any other failure. */
export function custodyAccessRefusal(error: unknown): CustodyAccessRefusal | null {
  if (!(error instanceof ApiError)) return null;
  if (error.code === errorCatalogue.custodyNotEnabled.code) return 'notEnabled';
  if (error.code === errorCatalogue.custodyMemberFrozen.code) return 'frozen';
  if (error.code === errorCatalogue.custodySessionExpired.code) return 'sessionExpired';
  return null;
}
