import { limits } from '@coffer/contract/constants';
import { pathWith, type Endpoint, type EndpointParams, type EndpointQuery, type EndpointResponse } from '@coffer/contract/endpoint';
import { apiData, ApiError, buildUrl, envelopeOf, failNetwork, requestHeaders, type ApiEnvelope, type RequestOptions } from './http-client';
import type { CallOptions } from './call';

/** An upload's path parameters and query, as the endpoint defines them, and the file sent as the raw body. */
export type UploadInput<E extends Endpoint> = (E['params'] extends object ? { params: EndpointParams<E> } : { params?: never }) &
  (E['query'] extends object ? { query?: EndpointQuery<E> } : { query?: never }) & { file: Blob };

/** How much of the file has been sent. */
export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0–100, whole. */
  percent: number;
}

export interface UploadOptions extends CallOptions {
  /** Called as the bytes leave (XHR `upload.onprogress`; fetch reports no upload progress). */
  onProgress?: (progress: UploadProgress) => void;
}

/** The request through XMLHttpRequest, the one transport that reports upload progress; the answer is judged as `apiRequest` judges it. */
function sendWithProgress<T>(
  path: string,
  options: RequestOptions,
  onProgress: (progress: UploadProgress) => void,
): Promise<ApiEnvelope<T>> {
  const file = options.rawBody!;
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(path, options.query));
    for (const [name, value] of Object.entries(requestHeaders(options))) xhr.setRequestHeader(name, value);
    xhr.withCredentials = true;
    xhr.timeout = options.timeoutMs ?? limits.requestTimeoutMs;
    xhr.upload.onprogress = (event) => {
      const total = event.lengthComputable && event.total > 0 ? event.total : file.size;
      const loaded = Math.min(event.loaded, total);
      onProgress({ loaded, total, percent: total > 0 ? Math.floor((loaded / total) * 100) : 0 });
    };
    const onAbort = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => options.signal?.removeEventListener('abort', onAbort);
    xhr.onload = () => {
      settle();
      resolve({ status: xhr.status, text: xhr.responseText });
    };
    xhr.onerror = xhr.ontimeout = () => {
      settle();
      reject(new Error('network'));
    };
    xhr.onabort = () => {
      settle();
      reject(options.signal?.reason ?? new DOMException('aborted', 'AbortError'));
    };
    if (options.signal?.aborted) xhr.abort();
    else xhr.send(file);
  }).then(
    ({ status, text }) => envelopeOf<T>({ status, json: async () => JSON.parse(text) as unknown }, options),
    (error: unknown) => {
      // The caller's own abort (a newer file chosen, a page left) is no failure worth a toast.
      if (options.signal?.aborted) throw error;
      return failNetwork(options);
    },
  );
}

/**
 * Posts one file's raw bytes (not JSON) to a contract endpoint, with the file's content type and
 * the same headers, credentials, envelope handling and error toasts as `call`. Resolves the
 * envelope's data. With `onProgress` it reports the bytes sent as they go.
 */
export async function upload<E extends Endpoint>(
  endpoint: E,
  input: UploadInput<E>,
  { onProgress, ...options }: UploadOptions = {},
): Promise<EndpointResponse<E>> {
  const { params, query, file } = input as {
    params?: Record<string, string | number>;
    query?: Record<string, string | number | boolean | undefined>;
    file: Blob;
  };
  const path = pathWith(endpoint.path, params);
  const request: RequestOptions = { ...options, method: 'POST', query, rawBody: file };
  if (!onProgress) return apiData<EndpointResponse<E>>(path, request);
  const envelope = await sendWithProgress<EndpointResponse<E>>(path, request, onProgress);
  if (envelope.code !== 0) throw new ApiError(envelope.code, envelope.msg ?? envelope.message ?? '');
  return envelope.data;
}
