import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { macOf, randomToken } from '../../platform/security/crypto';
import { identityError } from './identity.errors';

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

/** A session as a user's active-sessions list shows it. */
export interface ActiveSessionRow {
  id: string;
  client_kind: string;
  device: string;
  ip: string;
  created_at: Date;
  last_seen_at: Date;
}

export interface SessionStore {
  /** A new session of the account; accountSuspended while the back office has it locked. */
  create(userId: string, context: SessionContext, executor?: Db): Promise<{ token: string; sessionId: string }>;
  /** The live session a token names (its idle expiry slid forward), or null. */
  resolve(token: string): Promise<ResolvedSession | null>;
  /** Ends one of the user's sessions; false when it was not live. */
  end(sessionId: string, userId: string): Promise<boolean>;
  /**
   * Ends every session of the user but `keepSessionId` (after a password change or reset);
   * `executor` lets it join the caller's transaction.
   */
  endAllOthers(userId: string, keepSessionId: string | null, executor?: Db): Promise<void>;
  /** The user's live sessions, most recently seen first (at most 50). */
  listActive(userId: string): Promise<ActiveSessionRow[]>;
}

/** Refresh `last_seen_at` at most this often, so reads stay reads. */
const touchIntervalSeconds = 60;

/**
 * Sessions: a fresh 256-bit random token per login, stored only as its MAC; idle expiry
 * slides with use up to the configured lifetime.
 */
export function createSessionStore(deps: { db: Db; key: Buffer; ttlHours: number }): SessionStore {
  const { db, key, ttlHours } = deps;
  const tokenMac = (token: string) => macOf(key, 'session', token);

  return {
    /**
     * Inserted only while the account is not locked, reading its row FOR SHARE: a lock either
     * commits first (then no session is made) or waits for this insert (then the lock's own
     * statement, which runs after, ends the session). accountSuspended when it is locked.
     */
    async create(userId: string, context: SessionContext, executor: Db = db): Promise<{ token: string; sessionId: string }> {
      const token = randomToken();
      const row = await executor
        .insertInto('user_session')
        .columns(['user_id', 'token_hash', 'client_kind', 'device', 'ip', 'expires_at'])
        .expression((eb) =>
          eb
            .selectFrom('app_user')
            .select([
              'id',
              eb.val(tokenMac(token)).as('token_hash'),
              eb.val(context.clientKind).as('client_kind'),
              eb.val(context.device).as('device'),
              eb.val(context.ip).as('ip'),
              sql<Date>`now() + make_interval(hours => ${ttlHours})`.as('expires_at'),
            ])
            .where('id', '=', userId)
            .where('locked_at', 'is', null)
            .forShare(),
        )
        .returning('id')
        .executeTakeFirst();
      if (!row) throw identityError('accountSuspended');
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

/** Which of these sessions are still live (not ended, not expired), read by id only: a live socket's periodic check. */
export async function findLiveSessionIds(db: Db, sessionIds: readonly string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const live = await sql<{ id: string }>`
    select id::text as id from user_session
     where id = any(${sessionIds}::bigint[]) and ended_at is null and expires_at > now()`.execute(db);
  return new Set(live.rows.map((row) => row.id));
}
