import type { VerifyTrustedAddressBody, WithdrawAddress } from '@coffer/contract';
import { withdrawalEndpoints } from '@coffer/contract/withdrawal-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

/** Marks an address trusted (whitelist) after the fund password and second factor; usable unverified after the cooling period. */
export function verifyTrustedAddress(body: VerifyTrustedAddressBody): Promise<WithdrawAddress> {
  return call(withdrawalEndpoints.verifyTrustedAddress, { body });
}

export function useVerifyTrustedAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTrustedAddress,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['funds', 'withdraw-addresses'] }),
  });
}
