import type { KycSubmission, SaveKyc2Body } from '@coffer/contract';
import { kycEndpoints } from '@coffer/contract/kyc-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kycCall } from './kyc-call';

/** Submits KYC2 with the provider's session id once the customer is back from its page. */
export function saveKyc2(body: SaveKyc2Body): Promise<KycSubmission> {
  return kycCall(kycEndpoints.saveKyc2, { body });
}

export function useSaveKyc2() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveKyc2, onSettled: () => queryClient.invalidateQueries({ queryKey: ['kyc', 'level'] }) });
}
