import type { CustodyInternalMove, CustodyInternalMoveBody } from '@coffer/contract';
import { custodyConsoleEndpoints } from '@coffer/contract/custody-endpoints';
import { call } from '../../../shared/http/call';

/**
 * Moves an asset between two of the organisation's accounts. The body's `requestId` makes it
 * happen once however often it is sent. Quiet: the dialog shows a refusal at its field.
 */
export function moveBetweenCustodyAccounts(body: CustodyInternalMoveBody): Promise<CustodyInternalMove> {
  return call(custodyConsoleEndpoints.internalMove, { body }, { isQuiet: true });
}
