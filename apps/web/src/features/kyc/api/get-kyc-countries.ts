import type { KycCountry } from '@coffer/contract';
import { kycEndpoints } from '@coffer/contract/kyc-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { kycCall } from './kyc-call';

export function getKycCountries(signal?: AbortSignal): Promise<KycCountry[]> {
  return kycCall(kycEndpoints.countries, {}, { signal });
}

/** The country list with the restricted flag (spec §8/§9); it changes only with a release. */
export const kycCountriesQuery = queryOptions({
  queryKey: ['kyc', 'countries'],
  queryFn: ({ signal }) => getKycCountries(signal),
  staleTime: Infinity,
});
