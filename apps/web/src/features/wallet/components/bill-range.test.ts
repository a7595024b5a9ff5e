import { describe, expect, it } from 'vitest';
import { rangeInstants } from '../../../shared/format/day-range';
import { isWithinDownloadLimit } from './bill-range';

describe('bill ranges', () => {
  it('allows three months and refuses more', () => {
    expect(isWithinDownloadLimit(rangeInstants('2026-01-01', '2026-03-31')!)).toBe(true);
    expect(isWithinDownloadLimit(rangeInstants('2026-01-01', '2026-04-30')!)).toBe(false);
  });
});
