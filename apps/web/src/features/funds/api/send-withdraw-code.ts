import type { CodeSent } from '@coffer/contract';
import { withdrawalEndpoints } from '@coffer/contract/withdrawal-endpoints';
import { call } from '../../../shared/http/call';

/** Sends the e-mail or SMS code a withdrawal or trusting an address asks for. */
export function sendWithdrawCode(): Promise<CodeSent> {
  return call(withdrawalEndpoints.withdrawCode, {});
}
