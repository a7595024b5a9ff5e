import type { KycLevelInfo } from '@coffer/contract';
import { kycEndpoints } from '@coffer/contract/kyc-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { kycCall } from './kyc-call';

export function getKycLevel(signal?: AbortSignal): Promise<KycLevelInfo> {
  return kycCall(kycEndpoints.level, {}, { signal });
}

/** The current level, each level's state and reject reason, and what each level allows. */
export const kycLevelQuery = queryOptions({
  queryKey: ['kyc', 'level'],
  queryFn: ({ signal }) => getKycLevel(signal),
});
