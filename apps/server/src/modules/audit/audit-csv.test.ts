import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './audit-csv';

describe('CSV cells', () => {
  it.each(['=HYPERLINK("http://x")', '+1+2', '-2+3', '@SUM(A1)', '\tx', '\rx'])('neutralises %j', (value) => {
    expect(csvCell(value).replace(/^"/, '').startsWith("'")).toBe(true);
  });

  it('quotes by RFC 4180', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell(null)).toBe('');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
    expect(csvCell('\rx')).toBe(`"'\rx"`);
    expect(csvLine(['a', null, 'b'])).toBe('a,,b\r\n');
  });
});
