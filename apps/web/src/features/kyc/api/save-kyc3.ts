import type { KycSubmission, SaveKyc3Body } from '@coffer/contract';
import { kycEndpoints } from '@coffer/contract/kyc-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kycCall } from './kyc-call';

export function saveKyc3(body: SaveKyc3Body): Promise<KycSubmission> {
  return kycCall(kycEndpoints.saveKyc3, { body });
}

export function useSaveKyc3() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveKyc3, onSettled: () => queryClient.invalidateQueries({ queryKey: ['kyc', 'level'] }) });
}
