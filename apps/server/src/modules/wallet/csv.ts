/**
 * RFC 4180 CSV with spreadsheet formula injection neutralised: a text cell that a
 * spreadsheet would run (= + - @, tab, carriage return) is prefixed with a single quote.
 */
const formulaStart = /^[=+\-@\t\r]/;

export function csvText(value: string): string {
  return csvQuote(formulaStart.test(value) ? `'${value}` : value);
}

/** Numbers the system wrote itself (amounts, codes) stay numbers. */
export function csvNumber(value: string | number): string {
  return csvQuote(String(value));
}

function csvQuote(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function csvLine(cells: string[]): string {
  return `${cells.join(',')}\r\n`;
}
