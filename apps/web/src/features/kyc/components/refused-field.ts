import { errorCatalogue } from '@coffer/contract/errors';
import { ApiError } from '../../../shared/http/http-client';

/**
 * The form field a refused save names (the envelope's `data.field`), when the form has it; null
 * for any other failure. The server's own text names the field by its request key, so the form
 * says instead which field, in the customer's words, and what is wrong with it.
 */
export function refusedFieldOf<F extends string>(error: unknown, fields: readonly F[]): F | null {
  if (!(error instanceof ApiError) || error.field === null) return null;
  return fields.find((field) => field === error.field) ?? null;
}

/** The generic "check this field" refusal, whose text carries the field's request key. */
export function isFieldInvalid(error: unknown): boolean {
  return error instanceof ApiError && error.code === errorCatalogue.kycFieldInvalid.code;
}
