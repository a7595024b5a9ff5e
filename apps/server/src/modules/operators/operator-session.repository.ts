import type { OperatorRole } from '@coffer/contract';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';

/** A live session's row joined with its operator, as `resolveLive` answers it. */
export interface LiveSessionRow {
  session_id: string;
  operator_id: string;
  email: string;
  display_name: string | null;
  role: OperatorRole;
}

/** The only SQL over `operator_session`. Each function takes the executor it runs on. */
export const operatorSessionRepository = {
  async insert(
    executor: Db,
    values: { operatorId: string; tokenHash: string; ip: string; userAgent: string; idleMinutes: number; lifetimeHours: number },
  ): Promise<string> {
    const row = await executor
      .insertInto('operator_session')
      .values({
        operator_id: values.operatorId,
        token_hash: values.tokenHash,
        ip: values.ip,
        user_agent: values.userAgent,
        expires_at: sql<Date>`now() + make_interval(mins => ${values.idleMinutes})`,
        absolute_expires_at: sql<Date>`now() + make_interval(hours => ${values.lifetimeHours})`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  /**
   * One statement: the session is found live, its idle expiry slides (never past its absolute
   * end), and the operator's role and status are read at the same time.
   */
  async resolveLive(executor: Db, tokenHash: string, idleMinutes: number): Promise<LiveSessionRow | undefined> {
    const result = await sql<LiveSessionRow>`
      update operator_session s
         set last_seen_at = now(),
             expires_at = least(now() + make_interval(mins => ${idleMinutes}), s.absolute_expires_at)
        from operator o
       where s.token_hash = ${tokenHash}
         and s.ended_at is null
         and s.expires_at > now()
         and o.id = s.operator_id
         and o.status = 'active'
      returning s.id::text as session_id, o.id::text as operator_id, o.email, o.display_name, o.role
    `.execute(executor);
    return result.rows[0];
  },

  /** Ends the live session a token hash names; its id and operator, or undefined. */
  end(executor: Db, tokenHash: string): Promise<{ id: string; operator_id: string } | undefined> {
    return executor
      .updateTable('operator_session')
      .set({ ended_at: sql<Date>`now()` })
      .where('token_hash', '=', tokenHash)
      .where('ended_at', 'is', null)
      .returning(['id', 'operator_id'])
      .executeTakeFirst();
  },
};
