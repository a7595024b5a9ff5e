import type { EndpointBody, EndpointResponse } from '@coffer/contract/endpoint';
import { walletEndpoints } from '@coffer/contract/wallet-endpoints';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

export type PreTransferBody = EndpointBody<typeof walletEndpoints.preTransfer>;
export type PreTransfer = EndpointResponse<typeof walletEndpoints.preTransfer>;

/** Checks an internal transfer (balance, receiver, lock) and names the second factor it needs. */
export function preTransfer(body: PreTransferBody): Promise<PreTransfer> {
  return call(walletEndpoints.preTransfer, { body });
}

export function usePreTransfer() {
  return useMutation({ mutationFn: preTransfer });
}
