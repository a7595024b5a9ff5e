import type { WithdrawResult } from '@coffer/contract';
import { withdrawalEndpoints } from '@coffer/contract/withdrawal-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';
import { invalidateAfterWithdrawal } from './create-withdrawal';

/** Cancels a large withdrawal still waiting for its second confirmation; the held amount comes back. */
export function cancelWithdrawal(serialNumber: string): Promise<WithdrawResult> {
  return call(withdrawalEndpoints.cancelWithdrawal, { body: { serialNumber } });
}

export function useCancelWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelWithdrawal, onSuccess: () => invalidateAfterWithdrawal(queryClient) });
}
