import type { FormInstance } from 'antd';
import { ApiError } from '../../../shared/http/http-client';
import { errorText } from '../../../shared/http/error-text';

/** A field of an antd form: `name`, or a row's field of a list, `['whitelist', 2, 'address']`. */
export type FieldPath = (string | number)[];

/**
 * Where a quiet call's refusal belongs in a form: the field the envelope names
 * (`whitelist.2.address` → `['whitelist', 2, 'address']`) when the form has it — a whole row
 * (`limits.0`) at that row's `rowField` — else the field `byCode` gives its code; `path` null
 * is a refusal the dialog shows in itself. Anything but an envelope is rethrown.
 */
export function refusalPlace(
  error: unknown,
  form: {
    fields: readonly string[];
    byCode?: ReadonlyMap<number, FieldPath>;
    rowField?: Readonly<Record<string, string>>;
  },
): { path: FieldPath | null; message: string } {
  if (!(error instanceof ApiError)) throw error;
  const message = errorText(error) ?? '';
  const named = error.field?.split('.').map((segment) => (/^\d+$/.test(segment) ? Number(segment) : segment)) ?? [];
  const [top] = named;
  if (typeof top === 'string' && form.fields.includes(top)) {
    const rowField = form.rowField?.[top];
    if (named.length === 2 && typeof named[1] === 'number' && rowField) named.push(rowField);
    return { path: named, message };
  }
  return { path: (error.code === null ? undefined : form.byCode?.get(error.code)) ?? null, message };
}

/**
 * Shows a quiet call's refusal at its field of `form` (see `refusalPlace`); answers the message
 * when no field owns it, for the dialog to show in itself.
 */
export function showRefusal(form: FormInstance, error: unknown, place: Parameters<typeof refusalPlace>[1]): string | null {
  const { path, message } = refusalPlace(error, place);
  if (!path) return message;
  form.setFields([{ name: path, errors: [message] }]);
  return null;
}
