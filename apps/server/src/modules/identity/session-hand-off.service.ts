import type { LoginChallenge } from '@coffer/contract';
import { macOf, randomToken } from '../../platform/security/crypto';
import { loadUser, type Caller } from './identity-core';
import { identityError } from './identity.errors';
import { startSecondFactor, type LoginChallengeDeps } from './login-challenge';
import { deviceName } from './request-facts';

const ticketSeconds = 120;

/** Handing a signed-in login to another client (spec §2): a one-time ticket, spent for a second-factor step. */
export interface SessionHandOffService {
  /** A signed-in user's one-time ticket for handing the login to another client (spec §2). */
  issueSessionTicket(userId: string): Promise<{ ticket: string; expiresInSeconds: number }>;
  /**
   * "Get session" (spec §2, §3): spends a ticket and answers the account's second-factor
   * options and a pre-login token; the login still needs the second factor here.
   */
  requestSession(
    body: { exSessionId: string; source: string; equipmentName: string },
    caller: Caller,
  ): Promise<LoginChallenge & { session: null; source: string }>;
}

export function createSessionHandOffService(deps: LoginChallengeDeps): SessionHandOffService {
  const { key, logins } = deps;

  return {
    async issueSessionTicket(userId) {
      const ticket = randomToken();
      await logins.insertSessionTicket({ userId, ticketHash: macOf(key, 'session-ticket', ticket), seconds: ticketSeconds });
      return { ticket, expiresInSeconds: ticketSeconds };
    },

    async requestSession(body, caller) {
      const spentBy = await logins.spendSessionTicket(macOf(key, 'session-ticket', body.exSessionId));
      if (spentBy === undefined) throw identityError('sessionExpired', {}, 'exSessionId');
      const user = await loadUser(deps, spentBy);
      const challenge = await startSecondFactor(deps, user, { ...caller, device: deviceName(body.equipmentName) || caller.device });
      return { ...challenge, session: null, source: body.source };
    },
  };
}
