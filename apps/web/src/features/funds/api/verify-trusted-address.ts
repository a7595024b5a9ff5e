import type { VerifyTrustedAddressBody, WithdrawAddress } from '@coffer/contract';
import { withdrawalPaths } from '@coffer/contract/withdrawal-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';

/** Marks an address trusted (whitelist) after the fund password and second factor; usable unverified after the cooling period. */
export function verifyTrustedAddress(body: VerifyTrustedAddressBody): Promise<WithdrawAddress> {
  return apiData<WithdrawAddress>(withdrawalPaths.verifyTrustedAddress, { method: 'POST', body });
}

export function useVerifyTrustedAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: verifyTrustedAddress,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['funds', 'withdraw-addresses'] }),
  });
}
