import type { Endpoint, EndpointResponse } from '@coffer/contract/endpoint';
import { call, type CallInput, type CallOptions } from '../../../shared/http/call';
import { upload, type UploadInput, type UploadOptions } from '../../../shared/http/upload';

/**
 * The identification screens' way to call a contract endpoint: every failure is shown where it
 * happened (beside the form, on the field, in the panel), so the HTTP client toasts nothing.
 */
export function kycCall<E extends Endpoint>(endpoint: E, input: CallInput<E>, options: CallOptions = {}): Promise<EndpointResponse<E>> {
  return call(endpoint, input, { ...options, isQuiet: true });
}

/** `kycCall` for a file sent as the raw body (the address proof, the video). */
export function kycUpload<E extends Endpoint>(
  endpoint: E,
  input: UploadInput<E>,
  options: UploadOptions = {},
): Promise<EndpointResponse<E>> {
  return upload(endpoint, input, { ...options, isQuiet: true });
}
