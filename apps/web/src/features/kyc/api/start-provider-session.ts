import type { KycProviderSession, KycProviderSessionBody } from '@coffer/contract';
import { kycEndpoints } from '@coffer/contract/kyc-endpoints';
import { useMutation } from '@tanstack/react-query';
import { kycCall } from './kyc-call';

/** Opens a KYC2 session on the identity provider's hosted page. */
export function startProviderSession(body: KycProviderSessionBody): Promise<KycProviderSession> {
  return kycCall(kycEndpoints.providerSession, { body });
}

export function useStartProviderSession() {
  return useMutation({ mutationFn: startProviderSession });
}
