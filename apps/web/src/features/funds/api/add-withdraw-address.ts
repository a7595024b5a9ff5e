import type { AddWithdrawAddressBody, WithdrawAddress } from '@coffer/contract';
import { withdrawalPaths } from '@coffer/contract/withdrawal-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';

/** Saves an address book entry (note ≤ 10 characters, tag where the network takes one). */
export function addWithdrawAddress(body: AddWithdrawAddressBody): Promise<WithdrawAddress> {
  return apiData<WithdrawAddress>(withdrawalPaths.addWithdrawAddress, { method: 'POST', body });
}

export function useAddWithdrawAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addWithdrawAddress,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['funds', 'withdraw-addresses'] }),
  });
}
