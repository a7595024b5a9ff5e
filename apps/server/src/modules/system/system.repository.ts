import os from 'node:os';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';

/** The only SQL over `node_heartbeat`. */
export interface SystemRepository {
  /** Records this process (or refreshes its `last_seen_at`). */
  beat(nodeId: string): Promise<void>;
  /** Forgets this process. */
  forget(nodeId: string): Promise<void>;
  /** Forgets the processes not seen for `staleAfterMinutes`; answers how many. */
  pruneStale(staleAfterMinutes: number): Promise<bigint>;
}

export function createSystemRepository(db: Db): SystemRepository {
  return {
    async beat(nodeId) {
      await db
        .insertInto('node_heartbeat')
        .values({ node_id: nodeId, hostname: os.hostname(), pid: process.pid })
        .onConflict((conflict) => conflict.column('node_id').doUpdateSet({ last_seen_at: sql`now()` }))
        .execute();
    },
    async forget(nodeId) {
      await db.deleteFrom('node_heartbeat').where('node_id', '=', nodeId).execute();
    },
    async pruneStale(staleAfterMinutes) {
      const result = await db
        .deleteFrom('node_heartbeat')
        .where('last_seen_at', '<', sql<Date>`now() - make_interval(mins => ${staleAfterMinutes})`)
        .executeTakeFirst();
      return result.numDeletedRows;
    },
  };
}
