import type { preTransferBodySchema, preTransferSchema } from '@coffer/contract';
import { walletPaths } from '@coffer/contract/wallet-paths';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';

export type PreTransferBody = (typeof preTransferBodySchema)['_input'];
export type PreTransfer = (typeof preTransferSchema)['_output'];

/** Checks an internal transfer (balance, receiver, lock) and names the second factor it needs. */
export function preTransfer(body: PreTransferBody): Promise<PreTransfer> {
  return apiData<PreTransfer>(walletPaths.preTransfer, { method: 'POST', body });
}

export function usePreTransfer() {
  return useMutation({ mutationFn: preTransfer });
}
