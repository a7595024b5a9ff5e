import { useEffect, useState } from 'react';

const tickMs = 250;

/**
 * Whole seconds until `deadline` (a local Date.now() instant), 0 once passed, never more
 * than `maxSeconds`; null without a deadline.
 */
export function useSecondsLeft(deadline: number | null, maxSeconds: number): number | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline === null) return;
    const update = () => {
      const current = Date.now();
      setNow(current);
      if (current >= deadline) clearInterval(timer);
    };
    const first = setTimeout(update, 0);
    const timer = setInterval(update, tickMs);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [deadline]);
  if (deadline === null) return null;
  // Until the first tick after a new deadline, `now` may be older than the quote itself.
  return Math.min(maxSeconds, Math.max(0, Math.ceil((deadline - now) / 1000)));
}
