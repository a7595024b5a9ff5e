/**
 * RFC 4180 CSV: cells holding a comma, a quote, CR or LF are quoted (quotes doubled), lines end
 * in CRLF. A cell a spreadsheet would run as a formula (starting with = + - @, tab or CR) is
 * prefixed with a single quote, so it is shown as text.
 */
const formulaStart = /^[=+\-@\t\r]/;

export function csvCell(value: string | null): string {
  if (value === null) return '';
  const safe = formulaStart.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

export function csvLine(cells: Array<string | null>): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
