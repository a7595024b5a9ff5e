import type { PreWithdraw, PreWithdrawBody } from '@coffer/contract';
import { withdrawalPaths } from '@coffer/contract/withdrawal-paths';
import { useMutation } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';

/** Checks a withdrawal without moving anything: fee, inner destination, tag, verification, large amount. */
export function preWithdraw(body: PreWithdrawBody): Promise<PreWithdraw> {
  return apiData<PreWithdraw>(withdrawalPaths.preWithdraw, { method: 'POST', body });
}

export function usePreWithdraw() {
  return useMutation({ mutationFn: preWithdraw });
}
