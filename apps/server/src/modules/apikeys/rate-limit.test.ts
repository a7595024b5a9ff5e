import { describe, expect, it } from 'vitest';
import { createTokenBuckets } from './rate-limit';

describe('per-key token buckets', () => {
  it('allows the burst, then the rate, and says how long to wait', () => {
    const buckets = createTokenBuckets({ ratePerSecond: 2, burst: 4 });
    const start = 1_000_000;
    for (let index = 0; index < 4; index += 1) expect(buckets.take('k', start)).toEqual({ ok: true });
    expect(buckets.take('k', start)).toEqual({ ok: false, retryAfterSeconds: 1 });
    // Another key has its own bucket.
    expect(buckets.take('other', start)).toEqual({ ok: true });
    // Half a second later one token (2 a second) has come back, and only one.
    expect(buckets.take('k', start + 500)).toEqual({ ok: true });
    expect(buckets.take('k', start + 500).ok).toBe(false);
    // Refilled no higher than the burst.
    const later = start + 60_000;
    for (let index = 0; index < 4; index += 1) expect(buckets.take('k', later).ok).toBe(true);
    expect(buckets.take('k', later).ok).toBe(false);
  });
});
