import type { CodePurpose } from '@coffer/contract';
import { identityEndpoints } from '@coffer/contract/identity-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../http/call';

/**
 * What every verification form needs of the customer's second factors: which are bound and
 * whether a passkey may answer in place of their codes, and a passkey challenge bound to one
 * purpose. Quiet: the forms show these failures where they happen.
 */
export const secondFactorsApi = {
  status: () => call(identityEndpoints.twofaStatus, {}, { isQuiet: true }),
  passkeyAssertionOptions: (purpose: CodePurpose) =>
    call(identityEndpoints.passkeyAssertionOptions, { body: { purpose } }, { isQuiet: true }),
};

export const twofaStatusQuery = queryOptions({
  queryKey: ['identity', 'twofa-status'],
  queryFn: () => secondFactorsApi.status(),
});
