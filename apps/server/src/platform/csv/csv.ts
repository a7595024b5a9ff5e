/**
 * RFC 4180 CSV with spreadsheet formula injection neutralised: a text cell that a spreadsheet
 * would run (= + - @, tab, carriage return) is prefixed with a single quote, so it shows as text.
 * Cells are encoded one by one (`csvText`, `csvNumber`), then joined into a CRLF line.
 */
const formulaStart = /^[=+\-@\t\r]/;

/** A text cell; null is the empty cell. */
export function csvText(value: string | null): string {
  if (value === null) return '';
  return csvQuote(formulaStart.test(value) ? `'${value}` : value);
}

/** Numbers the system wrote itself (amounts, codes) stay numbers. */
export function csvNumber(value: string | number): string {
  return csvQuote(String(value));
}

function csvQuote(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One line of encoded cells. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.join(',')}\r\n`;
}
