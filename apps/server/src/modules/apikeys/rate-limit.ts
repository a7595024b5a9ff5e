/**
 * Per-key token buckets of one node: `ratePerSecond` tokens a second up to `burst`. Each node
 * counts its own requests, so behind N nodes a key may reach N × the rate at most.
 */
export interface TokenBuckets {
  /** Takes a token; answers the whole seconds to wait when there is none. */
  take(id: string, now?: number): { ok: true } | { ok: false; retryAfterSeconds: number };
}

export function createTokenBuckets(options: { ratePerSecond: number; burst: number }): TokenBuckets {
  const buckets = new Map<string, { tokens: number; at: number }>();
  const { ratePerSecond, burst } = options;
  return {
    take(id, now = Date.now()) {
      const bucket = buckets.get(id) ?? { tokens: burst, at: now };
      bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * ratePerSecond);
      bucket.at = now;
      buckets.set(id, bucket);
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return { ok: true };
      }
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / ratePerSecond)) };
    },
  };
}
