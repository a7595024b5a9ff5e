import type { Db } from '../../platform/db/database';
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
  let running = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;
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

  return {
    start(): void {
      if (running || deps.watchers.length === 0) return;
      running = true;
      loop = (async () => {
        while (running) {
          const hasMore = await pass();
          if (!running) break;
          if (!hasMore) {
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, deps.pollMs);
              wake = () => {
                clearTimeout(timer);
                resolve();
              };
            });
            wake = null;
          }
        }
      })();
      logger.info({ chains: deps.watchers.map((watcher) => watcher.chain), pollMs: deps.pollMs }, 'deposit watchers started');
    },
    async stop(): Promise<void> {
      running = false;
      wake?.();
      await loop;
      loop = null;
      await Promise.all(deps.watchers.map((watcher) => watcher.idle()));
    },
  };
}
