import { ApiError } from '../../../shared/http/http-client';

/**
 * What to show beside a form whose call failed: the envelope's message (already the catalogue's
 * text in the user's language) or `fallback`; null for a logged-out session, which the login
 * prompt speaks for.
 */
export function failureText(error: unknown, fallback: string): string | null {
  if (error instanceof ApiError) {
    if (error.isRedirect401) return null;
    return error.message.trim() !== '' ? error.message : fallback;
  }
  return fallback;
}
