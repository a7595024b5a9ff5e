import { describe, expect, it } from 'vitest';
import { formatBytes } from './format-bytes';

// Intl separates number and unit with a (narrow) no-break space in some languages: compare on plain spaces.
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatBytes', () => {
  it('writes kilobytes below 1 MiB and megabytes from it, in English', () => {
    expect(plain(formatBytes(20 * 1024, 'en'))).toBe('20 kB');
    expect(plain(formatBytes(1536, 'en'))).toBe('1.5 kB');
    expect(plain(formatBytes(1024 * 1024, 'en'))).toBe('1 MB');
    expect(plain(formatBytes(3_670_016, 'en'))).toBe('3.5 MB');
    expect(plain(formatBytes(200 * 1024 * 1024, 'en'))).toBe('200 MB');
  });

  it('writes the number and the unit as Russian does', () => {
    expect(plain(formatBytes(20 * 1024, 'ru'))).toBe('20 кБ');
    expect(plain(formatBytes(3_670_016, 'ru'))).toBe('3,5 МБ');
  });
});
