import type { KycProviderCountry } from '@coffer/contract';
import { kycEndpoints } from '@coffer/contract/kyc-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

export function getProviderCountries(signal?: AbortSignal): Promise<KycProviderCountry[]> {
  return call(kycEndpoints.providerCountries, {}, { signal });
}

/** The countries the identity provider supports for KYC2, with their document types. */
export const providerCountriesQuery = queryOptions({
  queryKey: ['kyc', 'provider-countries'],
  queryFn: ({ signal }) => getProviderCountries(signal),
  staleTime: 10 * 60_000,
});
