import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { antdThemeTokens, fontFamily } from './theme';

/** Families that draw CJK characters, and Latin text with them (full-width quotes among it). */
const cjkFamilies = ['PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'Noto Sans CJK SC'];
/** Latin families of the platforms: macOS, Windows, Linux (Liberation Sans, Arial's twin). */
const latinFamilies = ['Helvetica Neue', 'Arial', 'Liberation Sans'];

function families(stack: string): string[] {
  return stack.split(',').map((family) => family.trim().replace(/^['"]|['"]$/g, ''));
}

const themeCss = readFileSync(path.join(import.meta.dirname, 'theme.css'), 'utf8');

function cssFontStack(): string {
  const match = /--font-sans:\s*([^;]+);/.exec(themeCss);
  if (!match?.[1]) throw new Error('theme.css has no --font-sans');
  return match[1].replace(/\s+/g, ' ');
}

describe('the font stack', () => {
  it.each([
    ['theme.ts', fontFamily],
    ['the antd token', antdThemeTokens.fontFamily],
    ['theme.css', cssFontStack()],
  ])('in %s takes Latin glyphs from a Latin font on every platform', (_where, stack) => {
    const order = families(stack);
    const firstCjk = Math.min(...cjkFamilies.map((family) => order.indexOf(family)).filter((index) => index >= 0));
    for (const family of latinFamilies) {
      expect(order.indexOf(family), family).toBeGreaterThanOrEqual(0);
      expect(order.indexOf(family), family).toBeLessThan(firstCjk);
    }
    for (const family of cjkFamilies) expect(order, family).toContain(family);
    expect(order.at(-1)).toBe('sans-serif');
  });

  it('is the same in the CSS and for antd', () => {
    expect(families(cssFontStack())).toEqual(families(fontFamily));
  });
});
