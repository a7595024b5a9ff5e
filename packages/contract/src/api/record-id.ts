import { z } from 'zod';
import type { ErrorKey } from '../errors/catalogue';

/** Largest PostgreSQL `bigint` (int8), the type of every record id. */
export const maxRecordId = 9_223_372_036_854_775_807n;

/** The shape of a record id; a value of this shape outside 1…int8 max names no record. */
const recordIdPattern = /^\d{1,19}$/;

/** Whether `value` can name a record: a positive int8 in decimal digits. */
export function isRecordId(value: string): boolean {
  return recordIdPattern.test(value) && BigInt(value) >= 1n && BigInt(value) <= maxRecordId;
}

/**
 * A record id on the wire (path, query or body): 1 to 19 digits, else the field is invalid.
 * Digits that name no record (zero, beyond int8) answer the module's own not-found code
 * (`notFound`, read from the issue by the server's error handler), never a database error.
 */
export function recordIdSchema(notFound: ErrorKey) {
  return z
    .string()
    .trim()
    .regex(recordIdPattern, { abort: true })
    .refine(isRecordId, { params: { notFound } })
    .meta({ description: 'Record id: a positive 64-bit integer in decimal', examples: ['42'] });
}

/** Two record ids joined by "-" (a bill: `<journal id>-<account id>`), checked like `recordIdSchema`. */
export function recordIdPairSchema(notFound: ErrorKey) {
  return z
    .string()
    .trim()
    .regex(/^\d{1,19}-\d{1,19}$/, { abort: true })
    .refine((value) => value.split('-').every(isRecordId), { params: { notFound } })
    .meta({ description: 'Two record ids joined by "-"', examples: ['42-7'] });
}
