import type { KycProviderCountry } from '@coffer/contract';
import { kycEndpoints } from '@coffer/contract/kyc-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { kycCall } from './kyc-call';

export function getProviderCountries(signal?: AbortSignal): Promise<KycProviderCountry[]> {
  return kycCall(kycEndpoints.providerCountries, {}, { signal });
}

/** The countries the identity provider supports for KYC2, with their document types. */
export const providerCountriesQuery = queryOptions({
  queryKey: ['kyc', 'provider-countries'],
  queryFn: ({ signal }) => getProviderCountries(signal),
  staleTime: 10 * 60_000,
});
