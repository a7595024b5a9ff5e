/** Dates and times in the user's language and time zone (design.md), from ISO strings. */

const formatterCache = new Map<string, Intl.DateTimeFormat>();

function cachedFormatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let formatter = formatterCache.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, options);
    formatterCache.set(key, formatter);
  }
  return formatter;
}

function format(iso: string | null | undefined, locale: string, options: Intl.DateTimeFormatOptions): string {
  if (!iso) return '';
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : cachedFormatter(locale, options).format(time);
}

/** "Mar 2, 2026, 9:15:07 AM" — seconds kept, because bills of one minute must stay apart. */
export function formatDateTime(iso: string | null | undefined, locale: string): string {
  return format(iso, locale, { dateStyle: 'medium', timeStyle: 'medium' });
}

/** "Mar 2, 2026". */
export function formatDate(iso: string | null | undefined, locale: string): string {
  return format(iso, locale, { dateStyle: 'medium' });
}

/** "Mar 2" — for chart axes. A bare "YYYY-MM-DD" is a calendar day, shown as that day. */
export function formatShortDate(isoDay: string, locale: string): string {
  const isCalendarDay = /^\d{4}-\d{2}-\d{2}$/.test(isoDay);
  return format(isCalendarDay ? `${isoDay}T00:00:00Z` : isoDay, locale, {
    month: 'short',
    day: 'numeric',
    ...(isCalendarDay ? { timeZone: 'UTC' } : {}),
  });
}
