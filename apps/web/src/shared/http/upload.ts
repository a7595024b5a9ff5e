import { pathWith, type Endpoint, type EndpointParams, type EndpointQuery, type EndpointResponse } from '@coffer/contract/endpoint';
import { apiData } from './http-client';
import type { CallOptions } from './call';

/** An upload's path parameters and query, as the endpoint defines them, and the file sent as the raw body. */
export type UploadInput<E extends Endpoint> = (E['params'] extends object ? { params: EndpointParams<E> } : { params?: never }) &
  (E['query'] extends object ? { query?: EndpointQuery<E> } : { query?: never }) & { file: Blob };

/**
 * Posts one file's raw bytes (not JSON) to a contract endpoint, with the file's content type and
 * the same headers, credentials, envelope handling and error toasts as `call`. Resolves the
 * envelope's data.
 */
export async function upload<E extends Endpoint>(
  endpoint: E,
  input: UploadInput<E>,
  options: CallOptions = {},
): Promise<EndpointResponse<E>> {
  const { params, query, file } = input as {
    params?: Record<string, string | number>;
    query?: Record<string, string | number | boolean | undefined>;
    file: Blob;
  };
  return apiData<EndpointResponse<E>>(pathWith(endpoint.path, params), { ...options, method: 'POST', query, rawBody: file });
}
