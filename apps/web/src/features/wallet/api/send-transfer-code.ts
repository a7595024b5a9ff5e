import type { CodeSent } from '@coffer/contract';
import { walletEndpoints } from '@coffer/contract/wallet-endpoints';
import { call } from '../../../shared/http/call';

/** Sends the SMS or e-mail code a transfer asks for when the second factor is not the authenticator. */
export function sendTransferCode(): Promise<CodeSent> {
  return call(walletEndpoints.transferCode, {});
}
