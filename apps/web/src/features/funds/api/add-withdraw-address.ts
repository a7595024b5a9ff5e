import type { AddWithdrawAddressBody, WithdrawAddress } from '@coffer/contract';
import { withdrawalEndpoints } from '@coffer/contract/withdrawal-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

/** Saves an address book entry (note ≤ 10 characters, tag where the network takes one). */
export function addWithdrawAddress(body: AddWithdrawAddressBody): Promise<WithdrawAddress> {
  return call(withdrawalEndpoints.addWithdrawAddress, { body });
}

export function useAddWithdrawAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addWithdrawAddress,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['funds', 'withdraw-addresses'] }),
  });
}
