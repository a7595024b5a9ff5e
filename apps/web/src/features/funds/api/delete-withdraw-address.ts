import { withdrawalPaths } from '@coffer/contract/withdrawal-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';

/** Removes one address book entry. */
export function deleteWithdrawAddress(id: string): Promise<null> {
  return apiData<null>(withdrawalPaths.withdrawAddress.replace(':id', encodeURIComponent(id)), { method: 'DELETE' });
}

export function useDeleteWithdrawAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteWithdrawAddress,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['funds', 'withdraw-addresses'] }),
  });
}
