import { randomUUID } from 'node:crypto';
import type { Db } from '../../platform/db/database';
import type { JobDefinition } from '../../platform/jobs/job-queue';
import { createSystemRepository } from './system.repository';

const heartbeatIntervalMs = 30_000;
const staleAfterMinutes = 10;

export interface NodeHeartbeat {
  nodeId: string;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Records this process in `node_heartbeat` and refreshes it while the process lives. */
export function createNodeHeartbeat(db: Db): NodeHeartbeat {
  const nodes = createSystemRepository(db);
  const nodeId = randomUUID();
  let timer: NodeJS.Timeout | undefined;

  const beat = () => nodes.beat(nodeId);

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
      await nodes.forget(nodeId).catch(() => undefined);
    },
  };
}

/** Scheduled: forgets processes that stopped without saying so (killed, crashed). */
export function pruneStaleNodesJob(db: Db): JobDefinition {
  const nodes = createSystemRepository(db);
  return {
    name: 'system.prune-stale-nodes',
    cron: '*/5 * * * *',
    async handle(_data, { logger }) {
      const pruned = await nodes.pruneStale(staleAfterMinutes);
      if (pruned > 0n) logger.info({ pruned: Number(pruned) }, 'pruned stale nodes');
    },
  };
}
