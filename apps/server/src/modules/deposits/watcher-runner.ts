import type { Db } from '../../platform/db/database';
import { createPollingLoop } from '../../platform/jobs/polling-loop';
import type { Logger } from '../../platform/observability/logger';
import type { DepositWatcher, TickResult } from './deposit-watcher';
import { tryLockChain, unlockChain } from './deposit-watcher.repository';

/**
 * Runs one watcher tick while holding its chain's PostgreSQL advisory lock, so among any
 * number of server processes one drives each chain at a time; `null` when another holds it.
 */
export async function tickExclusively(db: Db, watcher: DepositWatcher): Promise<TickResult | null> {
  return db.connection().execute(async (connection) => {
    if (!(await tryLockChain(connection, watcher.chain))) return null;
    try {
      return await watcher.tick();
    } finally {
      await unlockChain(connection, watcher.chain);
    }
  });
}

/**
 * Polls every watcher every `pollMs` (at once again while a backlog remains), each under its
 * chain's advisory lock. A failing chain is logged and retried on the next poll.
 */
export interface WatcherRunner {
  start(): void;
  stop(): Promise<void>;
}

export function createWatcherRunner(deps: { db: Db; watchers: DepositWatcher[]; pollMs: number; logger: Logger }): WatcherRunner {
  const logger = deps.logger.child({ component: 'deposit-watchers' });
  const failing = new Set<string>();

  async function pass(): Promise<boolean> {
    let hasMore = false;
    for (const watcher of deps.watchers) {
      try {
        const result = await tickExclusively(deps.db, watcher);
        if (failing.delete(watcher.chain)) logger.info({ chain: watcher.chain }, 'deposit watcher recovered');
        if (result && (result.detected > 0 || result.credited > 0 || result.rewoundTo !== null)) {
          logger.info({ chain: watcher.chain, ...result }, 'deposit watcher tick');
        }
        hasMore ||= result?.hasMore ?? false;
      } catch (error) {
        // Once per outage, not once per poll.
        if (!failing.has(watcher.chain)) logger.error({ err: error, chain: watcher.chain }, 'deposit watcher failed; retrying');
        failing.add(watcher.chain);
      }
    }
    return hasMore;
  }

  // pass() logs each chain's failure itself; nothing else can throw.
  const loop = createPollingLoop(pass, deps.pollMs, (error) => logger.error({ err: error }, 'deposit watcher pass failed'));
  return {
    start(): void {
      if (deps.watchers.length === 0) return;
      loop.start();
      logger.info({ chains: deps.watchers.map((watcher) => watcher.chain), pollMs: deps.pollMs }, 'deposit watchers started');
    },
    async stop(): Promise<void> {
      await loop.stop();
      await Promise.all(deps.watchers.map((watcher) => watcher.idle()));
    },
  };
}
