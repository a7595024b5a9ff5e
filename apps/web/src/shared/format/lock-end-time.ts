import type { Language } from '@coffer/contract/languages';

/** The user's time zone: the browser's (accounts keep none). Undefined when the browser cannot say. */
export function userTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

/**
 * When the 24-hour lock ends, in the user's language and time zone, with the zone named
 * ("Mar 2, 2026, 5:16 PM GMT+8"). Minutes are rounded up: a time shown is never still locked.
 */
export function formatLockEnd(iso: string, language: Language, timeZone: string | undefined): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const minute = 60_000;
  return new Intl.DateTimeFormat(language, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(Math.ceil(time / minute) * minute);
}
