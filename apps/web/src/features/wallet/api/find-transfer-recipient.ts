import type { EndpointResponse } from '@coffer/contract/endpoint';
import { walletEndpoints } from '@coffer/contract/wallet-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

export type TransferRecipient = EndpointResponse<typeof walletEndpoints.transferRecipient>;

/**
 * Whether a user number, e-mail or +phone is a Coffer customer, and their masked account.
 * Signed in only; each call spends one of the customer's limited receiver lookups.
 */
export function findTransferRecipient(receiver: string, signal?: AbortSignal): Promise<TransferRecipient> {
  return call(walletEndpoints.transferRecipient, { body: { receiver: receiver.trim() } }, { signal });
}

export const transferRecipientQuery = (receiver: string) =>
  queryOptions({
    queryKey: ['wallet', 'transfer-recipient', receiver.trim()],
    queryFn: ({ signal }) => findTransferRecipient(receiver, signal),
    // A lookup is counted: ask once per receiver, and never again on its own.
    staleTime: 10 * 60_000,
    retry: false,
  });
