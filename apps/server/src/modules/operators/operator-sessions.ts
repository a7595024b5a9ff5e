import type { OperatorRole } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import { macOf, randomToken } from '../../platform/security/crypto';
import { operatorSessionRepository } from './operator-session.repository';

/** An operator session ends after 15 idle minutes, and 8 hours after the login whatever happens. */
export const operatorSessionIdleMinutes = 15;
export const operatorSessionLifetimeHours = 8;

/** Where a request came from, for sessions and the audit log. */
export interface OperatorCaller {
  ip: string;
  userAgent: string;
}

/** A live session and the operator it belongs to, as read on every guarded call. */
export interface OperatorSession {
  sessionId: string;
  operatorId: string;
  email: string;
  name: string | null;
  role: OperatorRole;
}

export interface OperatorSessionStore {
  create(executor: Db, operatorId: string, caller: OperatorCaller): Promise<{ token: string; sessionId: string }>;
  /** The live session of an active operator a token names, its idle expiry slid forward; or null. */
  resolve(token: string): Promise<OperatorSession | null>;
  /** Ends the session a token names; the ended session, or null when it was not live. */
  end(executor: Db, token: string): Promise<{ sessionId: string; operatorId: string } | null>;
}

/** Tokens are 256 random bits, stored only as their MAC (under a purpose of their own: a customer's token never matches). */
export function createOperatorSessionStore(deps: { db: Db; key: Buffer }): OperatorSessionStore {
  const tokenMac = (token: string) => macOf(deps.key, 'operator-session', token);
  const isWellFormed = (token: string) => token.length >= 20 && token.length <= 200;

  return {
    async create(executor, operatorId, caller) {
      const token = randomToken();
      const sessionId = await operatorSessionRepository.insert(executor, {
        operatorId,
        tokenHash: tokenMac(token),
        ip: caller.ip,
        userAgent: caller.userAgent,
        idleMinutes: operatorSessionIdleMinutes,
        lifetimeHours: operatorSessionLifetimeHours,
      });
      return { token, sessionId };
    },

    /**
     * One statement per call: the session is found live, its idle expiry slides (never past its
     * absolute end), and the operator's role and status are read at the same time, so a
     * disabled operator's sessions stop at once.
     */
    async resolve(token) {
      if (!isWellFormed(token)) return null;
      const row = await operatorSessionRepository.resolveLive(deps.db, tokenMac(token), operatorSessionIdleMinutes);
      if (!row) return null;
      return { sessionId: row.session_id, operatorId: row.operator_id, email: row.email, name: row.display_name, role: row.role };
    },

    async end(executor, token) {
      if (!isWellFormed(token)) return null;
      const row = await operatorSessionRepository.end(executor, tokenMac(token));
      return row ? { sessionId: row.id, operatorId: row.operator_id } : null;
    },
  };
}
