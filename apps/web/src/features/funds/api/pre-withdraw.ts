import type { PreWithdraw, PreWithdrawBody } from '@coffer/contract';
import { withdrawalEndpoints } from '@coffer/contract/withdrawal-endpoints';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

/** Checks a withdrawal without moving anything: fee, inner destination, tag, verification, large amount. */
export function preWithdraw(body: PreWithdrawBody): Promise<PreWithdraw> {
  return call(withdrawalEndpoints.preWithdraw, { body });
}

export function usePreWithdraw() {
  return useMutation({ mutationFn: preWithdraw });
}
