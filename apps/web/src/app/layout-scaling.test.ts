import { describe, expect, it } from 'vitest';
import { rootFontSizeFor } from './layout-scaling';

describe('layout scaling (spec §9: base width 1460, minimum 1340, base font 32)', () => {
  it('uses the base font at the base width', () => {
    expect(rootFontSizeFor(1460)).toBe(32);
  });

  it('scales with the viewport', () => {
    expect(rootFontSizeFor(1825)).toBeCloseTo(40, 5);
  });

  it('never scales below the minimum width', () => {
    expect(rootFontSizeFor(1340)).toBeCloseTo((32 * 1340) / 1460, 5);
    expect(rootFontSizeFor(1000)).toBeCloseTo((32 * 1340) / 1460, 5);
  });

  it('lays phones out for their own width', () => {
    expect(rootFontSizeFor(375)).toBe(16);
  });
});
