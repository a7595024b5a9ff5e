import { custodyError } from './custody.errors';

/**
 * A one-line text of a console form, trimmed: blank when required is missingParameter, longer
 * than `max` characters or holding a line break or tab invalidParameter, each naming `field`.
 */
export function oneLineText(value: string, field: string, max: number, required = false): string {
  const trimmed = value.trim();
  if (required && trimmed === '') throw custodyError('missingParameter', {}, field);
  if ([...trimmed].length > max || /[\t\r\n]/.test(trimmed)) throw custodyError('invalidParameter', {}, field);
  return trimmed;
}

/** A database error's SQLSTATE: 23505 unique violation, 23503 foreign-key violation. */
export function sqlStateOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}
