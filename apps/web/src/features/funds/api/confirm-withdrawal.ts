import type { WithdrawResult } from '@coffer/contract';
import { withdrawalPaths } from '@coffer/contract/withdrawal-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';
import { invalidateAfterWithdrawal } from './create-withdrawal';

/** The second confirmation of a large withdrawal (spec §9), within 5 hours of its submission. */
export function confirmWithdrawal(serialNumber: string): Promise<WithdrawResult> {
  return apiData<WithdrawResult>(withdrawalPaths.confirmWithdrawal, { method: 'POST', body: { serialNumber } });
}

export function useConfirmWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: confirmWithdrawal, onSuccess: () => invalidateAfterWithdrawal(queryClient) });
}
