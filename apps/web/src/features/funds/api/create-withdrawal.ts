import type { WithdrawBody, WithdrawResult } from '@coffer/contract';
import { withdrawalEndpoints } from '@coffer/contract/withdrawal-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

export interface CreateWithdrawalInput {
  coin: string;
  chain: string;
  body: WithdrawBody;
}

/**
 * Submits a withdrawal. `body.requestId` makes it idempotent: a retried submission (double
 * click, lost answer) creates and sends one withdrawal.
 */
export function createWithdrawal({ coin, chain, body }: CreateWithdrawalInput): Promise<WithdrawResult> {
  return call(withdrawalEndpoints.withdraw, { params: { coin, chain }, body });
}

/** Balances, limits and records all move with a withdrawal. */
export const invalidateAfterWithdrawal = (queryClient: ReturnType<typeof useQueryClient>) => {
  void queryClient.invalidateQueries({ queryKey: ['funds'] });
  void queryClient.invalidateQueries({ queryKey: ['wallet'] });
};

export function useCreateWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createWithdrawal, onSuccess: () => invalidateAfterWithdrawal(queryClient) });
}
