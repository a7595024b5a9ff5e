import { errorCatalogue } from '@coffer/contract/errors';
import type { Endpoint, EndpointResponse } from '@coffer/contract/endpoint';
import { call, type CallInput, type CallOptions } from '../../../shared/http/call';
import { ApiError } from '../../../shared/http/http-client';
import { upload, type UploadInput } from '../../../shared/http/upload';

type Listener = () => void;
const signedOutListeners = new Set<Listener>();

/** Runs `listener` whenever an operator call answers HTTP 401 (no session, or it expired). */
export function subscribeOperatorSignedOut(listener: Listener): () => void {
  signedOutListeners.add(listener);
  return () => signedOutListeners.delete(listener);
}

function notifySignedOut(): void {
  for (const listener of signedOutListeners) listener();
}

/**
 * The back office's way to call a contract endpoint: the operator's cookie goes along like the
 * customer's, but a 401 sends the operator to the back-office login (never the customer's
 * login prompt) and errors are shown by the screen, not toasted.
 */
export function adminCall<E extends Endpoint>(endpoint: E, input: CallInput<E>, options: CallOptions = {}): Promise<EndpointResponse<E>> {
  return call(endpoint, input, { ...options, onUnauthorized: notifySignedOut, isQuiet: true });
}

/** `adminCall` for a file sent as the raw body (the sanctions list import). */
export function adminUpload<E extends Endpoint>(
  endpoint: E,
  input: UploadInput<E>,
  options: CallOptions = {},
): Promise<EndpointResponse<E>> {
  return upload(endpoint, input, { ...options, onUnauthorized: notifySignedOut, isQuiet: true });
}

/** Every back-office query key starts here, so signing out drops them all. */
export const adminQueryRoot = 'admin';

/** A 403 `noPermission`: the operator's role does not allow the call. */
export function isNoPermission(error: unknown): boolean {
  return error instanceof ApiError && error.code === errorCatalogue.noPermission.code;
}

/** A 401: the operator is (being) sent to the login page, so there is nothing to show. */
export function isSignedOut(error: unknown): boolean {
  return error instanceof ApiError && error.isRedirect401;
}

/** The envelope message in the operator's language, or null (the one implementation, shared with the customer screens). */
export { errorText } from '../../../shared/http/error-text';
