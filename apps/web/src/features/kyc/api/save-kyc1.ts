import type { KycSubmission, SaveKyc1Body } from '@coffer/contract';
import { kycEndpoints } from '@coffer/contract/kyc-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kycCall } from './kyc-call';

export function saveKyc1(body: SaveKyc1Body): Promise<KycSubmission> {
  return kycCall(kycEndpoints.saveKyc1, { body });
}

export function useSaveKyc1() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: saveKyc1, onSettled: () => queryClient.invalidateQueries({ queryKey: ['kyc', 'level'] }) });
}
