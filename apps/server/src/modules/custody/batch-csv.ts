/**
 * A small RFC 4180 CSV reader for batch withdrawal files (issue 18 item 7), with no dependency:
 * fields separated by commas, records by CRLF or LF, a field in double quotes may hold commas,
 * line breaks and doubled quotes (`""`). Cells are returned as text and never evaluated. A line
 * starting with `#` outside quotes is a comment (the template's header); blank lines are skipped.
 * A quote left open, or a quote inside an unquoted field, makes its record malformed.
 */
export interface CsvRecord {
  /** The line of the file the record starts on (1 = the first). */
  line: number;
  cells: string[];
  malformed: boolean;
  comment: boolean;
}

export function readCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let at = 0;
  let line = 1;
  const length = text.length;
  while (at < length) {
    const start = line;
    if (text[at] === '#') {
      let end = at;
      while (end < length && text[end] !== '\n' && text[end] !== '\r') end += 1;
      records.push({ line: start, cells: [text.slice(at + 1, end)], malformed: false, comment: true });
      at = end;
    } else {
      const cells: string[] = [];
      let malformed = false;
      let cell = '';
      for (;;) {
        if (text[at] === '"') {
          // Quoted field: up to the closing quote, `""` being one quote.
          at += 1;
          let closed = false;
          while (at < length) {
            const char = text[at]!;
            if (char === '"') {
              if (text[at + 1] === '"') {
                cell += '"';
                at += 2;
                continue;
              }
              at += 1;
              closed = true;
              break;
            }
            if (char === '\n') line += 1;
            cell += char;
            at += 1;
          }
          if (!closed) malformed = true;
          // Anything between the closing quote and the next separator makes the record malformed.
          while (at < length && text[at] !== ',' && text[at] !== '\n' && text[at] !== '\r') {
            malformed = true;
            at += 1;
          }
        } else {
          while (at < length && text[at] !== ',' && text[at] !== '\n' && text[at] !== '\r') {
            if (text[at] === '"') malformed = true;
            cell += text[at];
            at += 1;
          }
        }
        cells.push(cell);
        cell = '';
        if (at < length && text[at] === ',') {
          at += 1;
          continue;
        }
        break;
      }
      const blank = cells.length === 1 && cells[0] === '';
      if (!blank) records.push({ line: start, cells, malformed, comment: false });
    }
    // The record's end: CRLF, LF or a lone CR.
    if (text[at] === '\r') at += 1;
    if (text[at] === '\n') at += 1;
    line += 1;
  }
  return records;
}
