import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { JobDefinition } from '../../platform/jobs/job-queue';

const heartbeatIntervalMs = 30_000;
const staleAfterMinutes = 10;

export interface NodeHeartbeat {
  nodeId: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Records this process in `node_heartbeat` and refreshes it while the process lives. */
export function createNodeHeartbeat(db: Db): NodeHeartbeat {
  const nodeId = randomUUID();
  let timer: NodeJS.Timeout | undefined;

  const beat = () =>
    db
      .insertInto('node_heartbeat')
      .values({ node_id: nodeId, hostname: os.hostname(), pid: process.pid })
      .onConflict((conflict) => conflict.column('node_id').doUpdateSet({ last_seen_at: sql`now()` }))
      .execute();

  return {
    nodeId,
    async start() {
      await beat();
      timer = setInterval(() => {
        beat().catch(() => {
          // A missed beat is harmless: the next one or the prune job settles it.
        });
      }, heartbeatIntervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      // On SIGINT/SIGTERM the embedded PostgreSQL stops itself at the same time (its package
      // hooks the signals); a row left behind is pruned by system.prune-stale-nodes.
      await db
        .deleteFrom('node_heartbeat')
        .where('node_id', '=', nodeId)
        .execute()
        .catch(() => undefined);
    },
  };
}

/** Scheduled: forgets processes that stopped without saying so (killed, crashed). */
export function pruneStaleNodesJob(db: Db): JobDefinition {
  return {
    name: 'system.prune-stale-nodes',
    cron: '*/5 * * * *',
    async handle(_data, { logger }) {
      const result = await db
        .deleteFrom('node_heartbeat')
        .where('last_seen_at', '<', sql<Date>`now() - make_interval(mins => ${staleAfterMinutes})`)
        .executeTakeFirst();
      if (result.numDeletedRows > 0n) logger.info({ pruned: Number(result.numDeletedRows) }, 'pruned stale nodes');
    },
  };
}
