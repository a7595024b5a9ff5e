import type { Logger } from '../../platform/observability/logger';
import { slotMs } from './market.service';

/**
 * Ticks once per slot, just after the slot starts. Every background process runs one; the
 * compare-and-set in `tick` lets one of them advance each slot.
 */
export function createLiveTicker(deps: { tick: () => Promise<number>; logger: Logger; onAdvanced: () => void }) {
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> | null = null;
  let isStopped = true;

  function scheduleNext(): void {
    if (isStopped) return;
    const now = Date.now();
    const delay = slotMs - (now % slotMs) + 50;
    timer = setTimeout(() => {
      running = runOnce().finally(() => {
        running = null;
        scheduleNext();
      });
    }, delay);
  }

  async function runOnce(): Promise<void> {
    try {
      if ((await deps.tick()) > 0) deps.onAdvanced();
    } catch (error) {
      deps.logger.warn({ err: error }, 'market tick failed');
    }
  }

  return {
    start(): void {
      if (!isStopped) return;
      isStopped = false;
      running = runOnce().finally(() => {
        running = null;
        scheduleNext();
      });
    },
    async stop(): Promise<void> {
      isStopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await running;
    },
  };
}
