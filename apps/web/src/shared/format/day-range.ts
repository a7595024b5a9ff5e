const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A "YYYY-MM-DD" day of the user's calendar, or null when the text is not one. */
export function parseDay(text: string | null | undefined): { year: number; month: number; day: number } | null {
  const match = dayPattern.exec(text ?? '');
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(year, month - 1, day);
  return date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day ? { year, month, day } : null;
}

/**
 * The instants of a range of whole local days, both days included, as the server reads them:
 * [start of the first day, start of the day after the last).
 */
export function rangeInstants(startDay: string, endDay: string): { start: string; end: string } | null {
  const first = parseDay(startDay);
  const last = parseDay(endDay);
  if (!first || !last) return null;
  const start = new Date(first.year, first.month - 1, first.day);
  const end = new Date(last.year, last.month - 1, last.day + 1);
  if (end <= start) return null;
  return { start: start.toISOString(), end: end.toISOString() };
}
