import { zip } from './zip';

/** A cell: text kept exactly as written, or a number written as its decimal text (at most 15 significant digits survive a spreadsheet). */
export type XlsxCell = { text: string } | { number: string };

export interface XlsxSheet {
  /** At most 31 characters, none of `\ / ? * [ ] :` (Excel's rule). */
  name: string;
  rows: ReadonlyArray<readonly XlsxCell[]>;
}

/** Whether XML 1.0 allows the character (its `Char` production): tab, line feed, carriage return, and the rest but surrogates, U+FFFE and U+FFFF. */
const isXmlCharacter = (code: number): boolean =>
  code === 0x09 ||
  code === 0x0a ||
  code === 0x0d ||
  (code >= 0x20 && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  code >= 0x10000;

function escapeXml(text: string): string {
  let kept = '';
  for (const character of text) if (isXmlCharacter(character.codePointAt(0)!)) kept += character;
  return kept.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

/** The column letters of a 0-based index: 0 → A, 25 → Z, 26 → AA. */
function columnName(index: number): string {
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26)) name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  return name;
}

function cellXml(cell: XlsxCell, reference: string): string {
  if ('number' in cell) {
    if (!/^-?\d+(\.\d+)?$/.test(cell.number)) throw new RangeError(`not a number: ${cell.number}`);
    return `<c r="${reference}"><v>${cell.number}</v></c>`;
  }
  // Inline strings: no shared-string table to build; a text cell is never a formula.
  return `<c r="${reference}" t="inlineStr"><is><t xml:space="preserve">${escapeXml(cell.text)}</t></is></c>`;
}

function sheetXml(sheet: XlsxSheet): string {
  const rows = sheet.rows
    .map(
      (row, rowIndex) =>
        `<row r="${rowIndex + 1}">${row.map((cell, column) => cellXml(cell, `${columnName(column)}${rowIndex + 1}`)).join('')}</row>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`;
}

const officeRelationships = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/**
 * An Office Open XML workbook (ECMA-376, the parts a spreadsheet needs: content types, the
 * package and workbook relationships, the workbook, a minimal style sheet and one worksheet per
 * sheet), zipped. No dependency: the parts are a few fixed XML files and the sheets' cells.
 */
export function xlsxWorkbook(sheets: readonly XlsxSheet[]): Buffer {
  const names = sheets.map((sheet) => sheet.name);
  if (names.some((name) => name.length === 0 || name.length > 31 || /[\\/?*[\]:]/.test(name)) || new Set(names).size !== names.length) {
    throw new RangeError(`sheet names: ${names.join(', ')}`);
  }
  const xml = (text: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${text}`, 'utf8');
  const worksheetType = 'application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml';
  return zip([
    {
      path: '[Content_Types].xml',
      data: xml(
        `<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
          `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
          `<Default Extension="xml" ContentType="application/xml"/>` +
          `<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>` +
          `<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>` +
          sheets.map((_, index) => `<Override PartName="/xl/worksheets/sheet${index + 1}.xml" ContentType="${worksheetType}"/>`).join('') +
          `</Types>`,
      ),
    },
    {
      path: '_rels/.rels',
      data: xml(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          `<Relationship Id="rId1" Type="${officeRelationships}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
      ),
    },
    {
      path: 'xl/workbook.xml',
      data: xml(
        `<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${officeRelationships}"><sheets>` +
          sheets.map((sheet, index) => `<sheet name="${escapeXml(sheet.name)}" sheetId="${index + 1}" r:id="rId${index + 1}"/>`).join('') +
          `</sheets></workbook>`,
      ),
    },
    {
      path: 'xl/_rels/workbook.xml.rels',
      data: xml(
        `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">` +
          sheets
            .map(
              (_, index) =>
                `<Relationship Id="rId${index + 1}" Type="${officeRelationships}/worksheet" Target="worksheets/sheet${index + 1}.xml"/>`,
            )
            .join('') +
          `<Relationship Id="rId${sheets.length + 1}" Type="${officeRelationships}/styles" Target="styles.xml"/></Relationships>`,
      ),
    },
    {
      path: 'xl/styles.xml',
      data: xml(
        `<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">` +
          `<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>` +
          `<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>` +
          `<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
          `<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
          `<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>` +
          `</styleSheet>`,
      ),
    },
    ...sheets.map((sheet, index) => ({ path: `xl/worksheets/sheet${index + 1}.xml`, data: Buffer.from(sheetXml(sheet), 'utf8') })),
  ]);
}
