import { ApiError } from '../../../shared/http/http-client';
import { errorText } from '../../../shared/http/error-text';

/**
 * Where a quiet call's refusal belongs: `field` when `fieldOf` names one for its code (or the
 * envelope names a field of the form), else the dialog. Anything but an envelope is rethrown.
 */
export function refusalOf<Field extends string>(
  error: unknown,
  fieldOf: (code: number | null) => Field | null,
  fields: readonly Field[],
): { field: Field | null; message: string } {
  if (!(error instanceof ApiError)) throw error;
  const named = fields.find((field) => field === error.field) ?? null;
  return { field: fieldOf(error.code) ?? named, message: errorText(error) ?? '' };
}
