import { describe, expect, it } from 'vitest';
import { pdfString, writePdf } from './pdf-writer';

/** The file's structure as a reader finds it: the xref table from `startxref`, each entry's offset, the trailer. */
function readPdfStructure(pdf: Buffer) {
  const text = pdf.toString('latin1');
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  const xref = text.slice(startxref);
  const header = /^xref\n0 (\d+)\n/.exec(xref);
  const count = Number(header?.[1]);
  const table = xref.slice(header?.[0].length ?? 0, (header?.[0].length ?? 0) + count * 20);
  const entries = Array.from({ length: count }, (_unused, index) => table.slice(index * 20, index * 20 + 20));
  const trailer = /trailer\n<< (.*) >>\n/.exec(xref)?.[1] ?? '';
  return { text, startxref, count, entries, trailer };
}

describe('the PDF writer', () => {
  it('writes a PDF 1.4 whose cross-reference offsets point at each object, with a trailer naming the catalog', () => {
    const pdf = writePdf({ title: 'Test', lines: [{ text: 'Hello (world)', bold: true, size: 14 }, { text: 'Total 12.34 USD' }] });
    const { text, startxref, count, entries, trailer } = readPdfStructure(pdf);
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
    expect(count).toBe(8);
    expect(entries[0]).toBe('0000000000 65535 f \n');
    for (let id = 1; id < count; id += 1) {
      const entry = entries[id]!;
      expect(entry).toMatch(/^\d{10} 00000 n \n$/);
      const offset = Number(entry.slice(0, 10));
      expect(text.slice(offset, offset + `${id} 0 obj\n`.length)).toBe(`${id} 0 obj\n`);
    }
    expect(trailer).toBe('/Size 8 /Root 1 0 R /Info 5 0 R');
    expect(text).toContain('/BaseFont /Helvetica ');
    expect(text).toContain('(Hello \\(world\\)) Tj');
    expect(text).toContain('(Total 12.34 USD) Tj');
  });

  it('gives each stream its exact length and continues on new pages, the page tree counting them', () => {
    const lines = Array.from({ length: 130 }, (_unused, index) => ({ text: `Line ${index + 1}` }));
    const pdf = writePdf({ title: 'Long', lines });
    const { text } = readPdfStructure(pdf);
    const count = Number(/\/Type \/Pages \/Kids \[[^\]]*\] \/Count (\d+)/.exec(text)?.[1]);
    expect(count).toBe(3);
    for (const match of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
      const start = match.index + match[0].length;
      expect(text.slice(start + Number(match[1]), start + Number(match[1]) + 'endstream'.length)).toBe('endstream');
    }
    expect(text).toContain('(Line 1) Tj');
    expect(text).toContain('(Line 130) Tj');
  });

  it('writes characters outside WinAnsi as ? and keeps Latin-1 ones', () => {
    expect(pdfString('Café 托管 \\')).toBe('(Café ?? \\\\)');
  });
});
