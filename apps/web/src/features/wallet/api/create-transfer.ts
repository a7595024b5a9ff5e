import type { TransferBody, TransferRecord } from '@coffer/contract';
import { walletEndpoints } from '@coffer/contract/wallet-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

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
  return call(walletEndpoints.transfer, { params: { coin, receiver: receiver.trim() }, body });
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
