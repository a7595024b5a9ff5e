import type { CodePurpose } from '@coffer/contract';
import type { EndpointBody } from '@coffer/contract/endpoint';
import { identityEndpoints } from '@coffer/contract/identity-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../http/call';

/**
 * What every verification form needs of the customer's second factors: which are bound and
 * whether a passkey may answer in place of their codes, a passkey challenge bound to one
 * purpose (both quiet: the forms show these failures where they happen), and the codes of a
 * security verification.
 */
export const secondFactorsApi = {
  status: () => call(identityEndpoints.twofaStatus, {}, { isQuiet: true }),
  passkeyAssertionOptions: (purpose: CodePurpose) =>
    call(identityEndpoints.passkeyAssertionOptions, { body: { purpose } }, { isQuiet: true }),
  /** A code for `purpose` to a bound e-mail or phone; not quiet: a refused send shows its toast. */
  sendUserCode: (body: EndpointBody<typeof identityEndpoints.userCode>) => call(identityEndpoints.userCode, { body }),
};

export const twofaStatusQuery = queryOptions({
  queryKey: ['identity', 'twofa-status'],
  queryFn: () => secondFactorsApi.status(),
});
