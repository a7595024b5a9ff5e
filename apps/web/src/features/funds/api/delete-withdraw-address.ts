import { withdrawalEndpoints } from '@coffer/contract/withdrawal-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

/** Removes one address book entry. */
export function deleteWithdrawAddress(id: string): Promise<null> {
  return call(withdrawalEndpoints.removeWithdrawAddress, { params: { id } });
}

export function useDeleteWithdrawAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWithdrawAddress,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['funds', 'withdraw-addresses'] }),
  });
}
