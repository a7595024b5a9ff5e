/**
 * A minimal PDF 1.4 writer, without dependencies: pages of text lines in the standard Helvetica
 * and Helvetica-Bold fonts (every PDF reader has them, nothing is embedded), WinAnsi encoding,
 * A4 portrait, uncompressed content streams, and a cross-reference table whose offsets are the
 * byte positions of the objects. Lines that do not fit on a page continue on the next.
 *
 * The standard fonts cover Latin-1 (WinAnsi): any other character is written as `?`. Callers
 * write their documents in English for that reason.
 */

export interface PdfLine {
  text: string;
  /** Font size in points; 10 by default. */
  size?: number;
  bold?: boolean;
  /** Horizontal offset from the left margin, in points (a second column). */
  indent?: number;
  /** Stays on the same baseline as the line before (a column beside it). */
  sameLine?: boolean;
  /** Extra space above, in points. */
  spaceBefore?: number;
}

export interface PdfDocument {
  /** The document's title (its information dictionary). */
  title: string;
  lines: readonly PdfLine[];
}

const pageWidth = 595;
const pageHeight = 842;
const margin = 50;
const defaultSize = 10;
const lineFactor = 1.4;

/** A PDF string literal of `text`: WinAnsi (Latin-1) bytes, `\`, `(` and `)` escaped, anything else `?`. */
export function pdfString(text: string): string {
  let out = '';
  for (const character of text) {
    const code = character.codePointAt(0)!;
    if (character === '\\' || character === '(' || character === ')') out += `\\${character}`;
    else if (code === 0x09) out += ' ';
    else if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) out += character;
    else out += '?';
  }
  return `(${out})`;
}

/** The lines laid out on pages: each page's content stream (text operators, top to bottom). */
function layOut(lines: readonly PdfLine[]): string[] {
  const pages: string[][] = [];
  let current: string[] = [];
  let y = pageHeight - margin;
  for (const line of lines) {
    const size = line.size ?? defaultSize;
    const step = line.sameLine ? 0 : size * lineFactor + (line.spaceBefore ?? 0);
    if (!line.sameLine && y - step < margin && current.length > 0) {
      pages.push(current);
      current = [];
      y = pageHeight - margin;
    }
    y -= step;
    const x = margin + (line.indent ?? 0);
    current.push(`BT /${line.bold ? 'F2' : 'F1'} ${size} Tf ${x.toFixed(2)} ${y.toFixed(2)} Td ${pdfString(line.text)} Tj ET`);
  }
  pages.push(current);
  return pages.map((operators) => `${operators.join('\n')}\n`);
}

/** The document as PDF 1.4 bytes. */
export function writePdf(document: PdfDocument): Buffer {
  const contents = layOut(document.lines);
  // Objects: 1 catalog, 2 page tree, 3 Helvetica, 4 Helvetica-Bold, 5 information, then a page and its content stream per page.
  const pageIds = contents.map((_content, index) => 6 + index * 2);
  const bodies: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Title ${pdfString(document.title)} /Producer (Coffer) >>`,
  ];
  contents.forEach((content, index) => {
    bodies.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pageWidth} ${pageHeight}] ` +
        `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[index]! + 1} 0 R >>`,
    );
    bodies.push(`<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`);
  });

  // A binary comment after the header tells transfer programs the file is binary.
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let length = chunks[0]!.length;
  const offsets: number[] = [];
  bodies.forEach((body, index) => {
    offsets.push(length);
    const chunk = Buffer.from(`${index + 1} 0 obj\n${body}\nendobj\n`, 'latin1');
    chunks.push(chunk);
    length += chunk.length;
  });
  const xrefAt = length;
  // Each cross-reference entry is exactly 20 bytes: 10-digit offset, 5-digit generation, type, space and LF.
  const entries = ['0000000000 65535 f \n', ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`)];
  chunks.push(
    Buffer.from(
      `xref\n0 ${bodies.length + 1}\n${entries.join('')}trailer\n<< /Size ${bodies.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`,
      'latin1',
    ),
  );
  return Buffer.concat(chunks);
}
