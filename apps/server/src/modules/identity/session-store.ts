import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { macOf, randomToken } from '../../platform/security/crypto';

export interface SessionContext {
  clientKind: string;
  device: string;
  ip: string;
}

export interface ResolvedSession {
  sessionId: string;
  userId: string;
  createdAt: Date;
}

/** Refresh `last_seen_at` at most this often, so reads stay reads. */
const touchIntervalSeconds = 60;

/**
 * Sessions: a fresh 256-bit random token per login, stored only as its MAC; idle expiry
 * slides with use up to the configured lifetime.
 */
export function createSessionStore(deps: { db: Db; key: Buffer; ttlHours: number }) {
  const { db, key, ttlHours } = deps;
  const tokenMac = (token: string) => macOf(key, 'session', token);

  return {
    async create(userId: string, context: SessionContext, executor: Db = db): Promise<{ token: string; sessionId: string }> {
      const token = randomToken();
      const row = await executor
        .insertInto('user_session')
        .values({
          user_id: userId,
          token_hash: tokenMac(token),
          client_kind: context.clientKind,
          device: context.device,
          ip: context.ip,
          expires_at: sql<Date>`now() + make_interval(hours => ${ttlHours})`,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { token, sessionId: row.id };
    },

    async resolve(token: string): Promise<ResolvedSession | null> {
      if (token.length < 20 || token.length > 200) return null;
      const row = await db
        .selectFrom('user_session')
        .select([
          'id',
          'user_id',
          'created_at',
          sql<boolean>`last_seen_at < now() - make_interval(secs => ${touchIntervalSeconds})`.as('is_stale'),
        ])
        .where('token_hash', '=', tokenMac(token))
        .where('ended_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst();
      if (!row) return null;
      if (row.is_stale) {
        await db
          .updateTable('user_session')
          .set({ last_seen_at: sql<Date>`now()`, expires_at: sql<Date>`now() + make_interval(hours => ${ttlHours})` })
          .where('id', '=', row.id)
          .execute();
      }
      return { sessionId: row.id, userId: row.user_id, createdAt: row.created_at };
    },

    async end(sessionId: string, userId: string): Promise<boolean> {
      const result = await db
        .updateTable('user_session')
        .set({ ended_at: sql<Date>`now()` })
        .where('id', '=', sessionId)
        .where('user_id', '=', userId)
        .where('ended_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /**
     * Ends every session of the user but `keepSessionId` (after a password change or reset);
     * `executor` lets it join the caller's transaction.
     */
    async endAllOthers(userId: string, keepSessionId: string | null, executor: Db = db): Promise<void> {
      let query = executor
        .updateTable('user_session')
        .set({ ended_at: sql<Date>`now()` })
        .where('user_id', '=', userId)
        .where('ended_at', 'is', null);
      if (keepSessionId) query = query.where('id', '!=', keepSessionId);
      await query.execute();
    },

    listActive(userId: string) {
      return db
        .selectFrom('user_session')
        .select(['id', 'client_kind', 'device', 'ip', 'created_at', 'last_seen_at'])
        .where('user_id', '=', userId)
        .where('ended_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .orderBy('last_seen_at', 'desc')
        .limit(50)
        .execute();
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;
