import { identityEndpoints } from '@coffer/contract/identity-endpoints';
import { call } from '../../../shared/http/call';
import { custodyAccessRefusal } from './custody-me';

/** Whether a console call was refused because the login is older than the organisation's session length. */
export function isConsoleSessionExpired(error: unknown): boolean {
  return custodyAccessRefusal(error) === 'sessionExpired';
}

/** Ends the customer's session, so that the next login starts the console's time afresh. Quiet: the login page follows. */
export function endConsoleLogin(): Promise<unknown> {
  return call(identityEndpoints.logout, {}, { isQuiet: true });
}
