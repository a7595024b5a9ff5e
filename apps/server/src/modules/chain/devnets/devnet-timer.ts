/**
 * Runs `step` about every `periodMs` on an unref'd timer, never two at once (a slow step
 * skips ticks instead of piling up); errors go to `onError`. Returns the function that stops it.
 */
export function runEvery(periodMs: number, step: () => Promise<unknown>, onError?: (error: unknown) => void): () => void {
  let isRunning = false;
  const timer = setInterval(() => {
    if (isRunning) return;
    isRunning = true;
    step()
      .catch((error: unknown) => onError?.(error))
      .finally(() => {
        isRunning = false;
      });
  }, periodMs);
  timer.unref();
  return () => clearInterval(timer);
}
