import { errorCatalogue } from '@coffer/contract/errors';
import { ApiError } from './http-client';

/** Answers that may differ on a second try: the server failed, was busy, or asked to wait. */
const passingCodes = new Set<number>([
  errorCatalogue.unknownError.code,
  errorCatalogue.serviceUnavailable.code,
  errorCatalogue.tooManyRequests.code,
]);

/**
 * Whether trying the same call again can help. A network failure, a timeout or a server error
 * can pass; a refusal with a business code (a coin that is not supported, a record that does
 * not exist) answers the same every time, so a screen shows it without a retry.
 */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.isRedirect401 || error.isNetworkFailure || error.code === null) return true;
  return passingCodes.has(error.code);
}
