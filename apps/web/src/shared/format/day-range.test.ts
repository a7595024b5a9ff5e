import { describe, expect, it } from 'vitest';
import { parseDay, rangeInstants } from './day-range';

describe('day ranges', () => {
  it('reads calendar days only', () => {
    expect(parseDay('2026-02-30')).toBeNull();
    expect(parseDay('2026-1-5')).toBeNull();
    expect(parseDay('2026-01-05')).toEqual({ year: 2026, month: 1, day: 5 });
  });

  it('includes both days of the range', () => {
    const range = rangeInstants('2026-01-01', '2026-01-01');
    expect(range && new Date(range.end).getTime() - new Date(range.start).getTime()).toBe(24 * 3600 * 1000);
    expect(rangeInstants('2026-02-01', '2026-01-01')).toBeNull();
  });
});
