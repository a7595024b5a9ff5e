import type { Language } from '../languages';
import { errorCatalogue, type ErrorKey } from './catalogue';

export type ErrorParams = Readonly<Record<string, string | number>>;

type CatalogueEntry = (typeof errorCatalogue)[ErrorKey];

const entryByCode = new Map<number, CatalogueEntry>(Object.values(errorCatalogue).map((entry) => [entry.code, entry]));

/** Fills `{name}` placeholders; an unknown placeholder is left as written. */
export function fillPlaceholders(template: string, params: ErrorParams = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(params, name) ? String(params[name]) : whole));
}

export function errorMessage(key: ErrorKey, language: Language, params?: ErrorParams): string {
  return fillPlaceholders(errorCatalogue[key].messages[language], params);
}

/** The catalogue message of an envelope code, or undefined for a code we do not know. */
export function messageForCode(code: number, language: Language, params?: ErrorParams): string | undefined {
  const entry = entryByCode.get(code);
  return entry ? fillPlaceholders(entry.messages[language], params) : undefined;
}

export function httpStatusFor(key: ErrorKey): number {
  const entry = errorCatalogue[key];
  return 'httpStatus' in entry ? entry.httpStatus : 200;
}

/** Envelope codes that clients treat as non-errors (spec §8). */
export const silentCodes: readonly number[] = Object.values(errorCatalogue)
  .filter((entry) => 'silent' in entry && entry.silent)
  .map((entry) => entry.code);

/**
 * Spec §8: the silent codes are not shown as errors, except that -10094 is an error on the
 * withdraw-check call, where it says withdrawals are forbidden.
 */
export function isSilentCode(code: number, options: { isWithdrawCheck?: boolean } = {}): boolean {
  if (code === errorCatalogue.withdrawalForbidden.code && options.isWithdrawCheck) return false;
  return silentCodes.includes(code);
}

/** Body code that means "logged out" and triggers the login prompt (spec §4, §8). */
export const loginRequiredCode = errorCatalogue.loginRequired.code;
