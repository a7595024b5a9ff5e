import type { OperatorRole } from '@coffer/contract';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { macOf, randomToken } from '../../platform/security/crypto';

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
      const row = await executor
        .insertInto('operator_session')
        .values({
          operator_id: operatorId,
          token_hash: tokenMac(token),
          ip: caller.ip,
          user_agent: caller.userAgent,
          expires_at: sql<Date>`now() + make_interval(mins => ${operatorSessionIdleMinutes})`,
          absolute_expires_at: sql<Date>`now() + make_interval(hours => ${operatorSessionLifetimeHours})`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { token, sessionId: row.id };
    },

    /**
     * One statement per call: the session is found live, its idle expiry slides (never past its
     * absolute end), and the operator's role and status are read at the same time, so a
     * disabled operator's sessions stop at once.
     */
    async resolve(token) {
      if (!isWellFormed(token)) return null;
      const result = await sql<{ session_id: string; operator_id: string; email: string; display_name: string | null; role: OperatorRole }>`
        update operator_session s
           set last_seen_at = now(),
               expires_at = least(now() + make_interval(mins => ${operatorSessionIdleMinutes}), s.absolute_expires_at)
          from operator o
         where s.token_hash = ${tokenMac(token)}
           and s.ended_at is null
           and s.expires_at > now()
           and o.id = s.operator_id
           and o.status = 'active'
        returning s.id::text as session_id, o.id::text as operator_id, o.email, o.display_name, o.role
      `.execute(deps.db);
      const row = result.rows[0];
      if (!row) return null;
      return { sessionId: row.session_id, operatorId: row.operator_id, email: row.email, name: row.display_name, role: row.role };
    },

    async end(executor, token) {
      if (!isWellFormed(token)) return null;
      const row = await executor
        .updateTable('operator_session')
        .set({ ended_at: sql<Date>`now()` })
        .where('token_hash', '=', tokenMac(token))
        .where('ended_at', 'is', null)
        .returning(['id', 'operator_id'])
        .executeTakeFirst();
      return row ? { sessionId: row.id, operatorId: row.operator_id } : null;
    },
  };
}
