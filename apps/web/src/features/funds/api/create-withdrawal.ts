import type { WithdrawBody, WithdrawResult } from '@coffer/contract';
import { withdrawalPaths } from '@coffer/contract/withdrawal-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';

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
  const path = withdrawalPaths.withdraw.replace(':coin', encodeURIComponent(coin)).replace(':chain', encodeURIComponent(chain));
  return apiData<WithdrawResult>(path, { method: 'POST', body });
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
