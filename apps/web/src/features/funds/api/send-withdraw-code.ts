import type { CodeSent } from '@coffer/contract';
import { withdrawalPaths } from '@coffer/contract/withdrawal-paths';
import { apiData } from '../../../shared/http/http-client';

/** Sends the e-mail or SMS code a withdrawal or trusting an address asks for. */
export function sendWithdrawCode(): Promise<CodeSent> {
  return apiData<CodeSent>(withdrawalPaths.withdrawCode, { method: 'POST', body: {} });
}
