import { ApiError } from './http-client';

/**
 * What to show for a failed call: the envelope's message (already the catalogue's text in the
 * user's language, from the HTTP client), else `fallback` (never a raw script error); null for a logged-out session (the
 * login prompt or the redirect speaks for it), and null when there is no message and no fallback.
 */
export function errorText(error: unknown, fallback: string): string | null;
export function errorText(error: unknown): string | null;
export function errorText(error: unknown, fallback: string | null = null): string | null {
  if (!error) return fallback;
  if (error instanceof ApiError && error.isRedirect401) return null;
  if (error instanceof ApiError && error.message.trim() !== '') return error.message;
  return fallback;
}
