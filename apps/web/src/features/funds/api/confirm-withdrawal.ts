import type { WithdrawResult } from '@coffer/contract';
import { withdrawalEndpoints } from '@coffer/contract/withdrawal-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';
import { invalidateAfterWithdrawal } from './create-withdrawal';

/** The second confirmation of a large withdrawal (spec §9), within 5 hours of its submission. */
export function confirmWithdrawal(serialNumber: string): Promise<WithdrawResult> {
  return call(withdrawalEndpoints.confirmWithdrawal, { body: { serialNumber } });
}

export function useConfirmWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: confirmWithdrawal, onSuccess: () => invalidateAfterWithdrawal(queryClient) });
}
