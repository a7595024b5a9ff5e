import { describe, expect, it } from 'vitest';
import { csvLine, csvNumber, csvText } from './csv';

describe('CSV cells', () => {
  it.each(['=HYPERLINK("http://x")', '+1+2', '-2+3', '@SUM(A1)', '\tx', '\rx'])('neutralises %j', (value) => {
    expect(csvText(value).replace(/^"/, '').startsWith("'")).toBe(true);
  });

  it('quotes by RFC 4180', () => {
    expect(csvText('plain')).toBe('plain');
    expect(csvText(null)).toBe('');
    expect(csvText('a,b')).toBe('"a,b"');
    expect(csvText('say "hi"')).toBe('"say ""hi"""');
    expect(csvText('two\nlines')).toBe('"two\nlines"');
    expect(csvText('=1,2')).toBe(`"'=1,2"`);
    expect(csvText('\rx')).toBe(`"'\rx"`);
    expect(csvNumber('-12.5')).toBe('-12.5');
    expect(csvLine(['a', csvText(null), 'b'])).toBe('a,,b\r\n');
  });
});
