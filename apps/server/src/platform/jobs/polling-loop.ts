/** A background loop of one process: started when the server is ready, stopped (and awaited) when it closes. */
export interface PollingLoop {
  start(): void;
  /** Ends the loop: a wait in progress is cut short, a pass in progress is awaited. */
  stop(): Promise<void>;
}

/**
 * Runs `pass` until stopped: at once again while it answers true (a backlog remains), else after
 * `pollMs`. A pass that throws goes to `onError` and the loop waits `pollMs` before the next one,
 * so a failing dependency is not hammered.
 */
export function createPollingLoop(pass: () => Promise<boolean>, pollMs: number, onError: (error: unknown) => void): PollingLoop {
  let running = false;
  let loop: Promise<void> | null = null;
  let wake: (() => void) | null = null;

  async function runPass(): Promise<boolean> {
    try {
      return await pass();
    } catch (error) {
      onError(error);
      return false;
    }
  }

  return {
    start(): void {
      if (running) return;
      running = true;
      loop = (async () => {
        while (running) {
          const hasMore = await runPass();
          if (!running) break;
          if (hasMore) continue;
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, pollMs);
            wake = () => {
              clearTimeout(timer);
              resolve();
            };
          });
          wake = null;
        }
      })();
    },
    async stop(): Promise<void> {
      running = false;
      wake?.();
      await loop;
      loop = null;
    },
  };
}
