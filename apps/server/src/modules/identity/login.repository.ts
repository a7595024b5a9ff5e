import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { RequestFacts } from './request-facts';

/** The SQL of the login steps: pre-login tokens, session tickets, login history, the last login. */
export interface LoginRepository {
  /** A pre-login token's MAC, valid for `minutes`. */
  insertPreLogin(row: { userId: string; tokenHash: string; device: string; ip: string; minutes: number }): Promise<void>;
  /** The unspent, unexpired pre-login with this token MAC. */
  findLivePreLogin(tokenHash: string): Promise<{ id: string; user_id: string } | undefined>;
  /** Spends a pre-login once; false when it was already spent. */
  spendPreLogin(id: string): Promise<boolean>;
  recordLogin(userId: string, facts: Pick<RequestFacts, 'device' | 'ip' | 'location'>, status: 'success' | 'failed'): Promise<void>;
  /** The last login's time, on `executor` (the login's transaction) when given. */
  markLoggedIn(userId: string, executor?: Db): Promise<void>;
  /** A session ticket's MAC, valid for `seconds`. */
  insertSessionTicket(row: { userId: string; ticketHash: string; seconds: number }): Promise<void>;
  /** Spends an unexpired ticket once; answers its user, or undefined. */
  spendSessionTicket(ticketHash: string): Promise<string | undefined>;
}

/** A login-history row, on the executor given (a registration writes it in its transaction). */
export async function insertLoginHistory(
  db: Db,
  userId: string,
  facts: Pick<RequestFacts, 'device' | 'ip' | 'location'>,
  status: 'success' | 'failed',
): Promise<void> {
  await db
    .insertInto('login_history')
    .values({ user_id: userId, status, device: facts.device, ip: facts.ip, location: facts.location })
    .execute();
}

export function createLoginRepository(db: Db): LoginRepository {
  return {
    async insertPreLogin(row) {
      await db
        .insertInto('pre_login')
        .values({
          user_id: row.userId,
          token_hash: row.tokenHash,
          device: row.device,
          ip: row.ip,
          expires_at: sql<Date>`now() + make_interval(mins => ${row.minutes})`,
        })
        .execute();
    },

    findLivePreLogin: (tokenHash) =>
      db
        .selectFrom('pre_login')
        .select(['id', 'user_id'])
        .where('token_hash', '=', tokenHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .executeTakeFirst(),

    async spendPreLogin(id) {
      const spent = await db
        .updateTable('pre_login')
        .set({ used_at: sql<Date>`now()` })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return spent.numUpdatedRows === 1n;
    },

    recordLogin: (userId, facts, status) => insertLoginHistory(db, userId, facts, status),

    async markLoggedIn(userId, executor = db) {
      await executor
        .updateTable('app_user')
        .set({ last_login_at: sql<Date>`now()` })
        .where('id', '=', userId)
        .execute();
    },

    async insertSessionTicket(row) {
      await db
        .insertInto('session_ticket')
        .values({
          user_id: row.userId,
          ticket_hash: row.ticketHash,
          expires_at: sql<Date>`now() + make_interval(secs => ${row.seconds})`,
        })
        .execute();
    },

    async spendSessionTicket(ticketHash) {
      const spent = await db
        .updateTable('session_ticket')
        .set({ used_at: sql<Date>`now()` })
        .where('ticket_hash', '=', ticketHash)
        .where('used_at', 'is', null)
        .where('expires_at', '>', sql<Date>`now()`)
        .returning('user_id')
        .executeTakeFirst();
      return spent?.user_id;
    },
  };
}
