import type { WithdrawResult } from '@coffer/contract';
import { withdrawalPaths } from '@coffer/contract/withdrawal-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';
import { invalidateAfterWithdrawal } from './create-withdrawal';

/** Cancels a large withdrawal still waiting for its second confirmation; the held amount comes back. */
export function cancelWithdrawal(serialNumber: string): Promise<WithdrawResult> {
  return apiData<WithdrawResult>(withdrawalPaths.cancelWithdrawal, { method: 'POST', body: { serialNumber } });
}

export function useCancelWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelWithdrawal, onSuccess: () => invalidateAfterWithdrawal(queryClient) });
}
