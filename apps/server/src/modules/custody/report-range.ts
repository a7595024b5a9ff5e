import { custodyLimits } from '@coffer/contract';
import { custodyError } from './custody.errors';

const dayMs = 86_400_000;
const maxDays = custodyLimits.reportRangeDays;
const rangeInvalid = (field: string) => custodyError('custodyRangeInvalid', { days: String(maxDays) }, field);

/** An ISO date or date-time of a filter; undefined when absent; `invalidParameter` naming `field` when unreadable. */
export function parseInstant(value: string | undefined, field: string): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) throw custodyError('invalidParameter', {}, field);
  return instant;
}

/** A download's range [start, end): both given, start before end, at most `reportRangeDays` apart. */
export function downloadRange(start: string | undefined, end: string | undefined): { start: Date; end: Date } {
  const from = parseInstant(start, 'start');
  const to = parseInstant(end, 'end');
  if (!from) throw custodyError('missingParameter', {}, 'start');
  if (!to) throw custodyError('missingParameter', {}, 'end');
  if (to <= from || to.getTime() - from.getTime() > maxDays * dayMs) throw rangeInvalid('end');
  return { start: from, end: to };
}

/** `YYYY-MM-DD` of a UTC instant. */
export function utcDay(instant: Date): string {
  return instant.toISOString().slice(0, 10);
}

function parseDay(value: string, field: string): Date {
  const day = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(day.getTime()) || utcDay(day) !== value) throw custodyError('invalidParameter', {}, field);
  return day;
}

/**
 * The asset report's days, both included (UTC): the last 30 days up to today when absent, the
 * start on or before the end, at most `reportRangeDays` days.
 */
export function reportDays(start: string | undefined, end: string | undefined, now: Date = new Date()): { start: string; end: string } {
  const last = end ? parseDay(end, 'end') : parseDay(utcDay(now), 'end');
  const first = start ? parseDay(start, 'start') : new Date(last.getTime() - 29 * dayMs);
  if (first > last || (last.getTime() - first.getTime()) / dayMs + 1 > maxDays) throw rangeInvalid('start');
  return { start: utcDay(first), end: utcDay(last) };
}
