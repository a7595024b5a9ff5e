import type { CodeSent } from '@coffer/contract';
import { walletPaths } from '@coffer/contract/wallet-paths';
import { apiData } from '../../../shared/http/http-client';

/** Sends the SMS or e-mail code a transfer asks for when the second factor is not the authenticator. */
export function sendTransferCode(): Promise<CodeSent> {
  return apiData<CodeSent>(walletPaths.transferCode, { method: 'POST', body: {} });
}
