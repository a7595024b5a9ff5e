import { describe, expect, it } from 'vitest';
import { retryingOnce } from './retrying-once';

describe('retryingOnce', () => {
  it('runs once for callers at the same time and after success, and again after a failure', async () => {
    let runs = 0;
    let shouldFail = true;
    const once = retryingOnce(async () => {
      runs += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (shouldFail) throw new Error(`run ${runs} failed`);
      return runs;
    });
    const failed = await Promise.allSettled([once(), once()]);
    expect(failed.map((each) => each.status)).toEqual(['rejected', 'rejected']);
    expect(runs).toBe(1);
    shouldFail = false;
    expect(await Promise.all([once(), once()])).toEqual([2, 2]);
    expect(await once()).toBe(2);
    expect(runs).toBe(2);
  });
});
