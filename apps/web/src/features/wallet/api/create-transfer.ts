import type { TransferBody, TransferRecord } from '@coffer/contract';
import { walletPaths } from '@coffer/contract/wallet-paths';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';

export interface CreateTransferInput {
  coin: string;
  receiver: string;
  body: TransferBody;
}

/**
 * Moves money to another Coffer customer. `body.requestId` makes it idempotent: a retry of
 * the same submission (double click, lost answer) moves the money once.
 */
export function createTransfer({ coin, receiver, body }: CreateTransferInput): Promise<TransferRecord> {
  const path = walletPaths.transfer.replace(':coin', encodeURIComponent(coin)).replace(':receiver', encodeURIComponent(receiver.trim()));
  return apiData<TransferRecord>(path, { method: 'POST', body });
}

export function useCreateTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTransfer,
    onSuccess: () => {
      // Balances, bills, transfer records and the dashboard all moved.
      void queryClient.invalidateQueries({ queryKey: ['wallet'] });
    },
  });
}
