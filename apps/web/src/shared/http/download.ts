import { pathWith, type Endpoint, type EndpointParams, type EndpointQuery } from '@coffer/contract/endpoint';
import type { CallOptions } from './call';
import { buildUrl, envelopeOf, failNetwork, requestHeaders, type RequestOptions } from './http-client';

/** A file endpoint's path parameters and query, as the endpoint defines them. */
export type DownloadInput<E extends Endpoint> = (E['params'] extends object ? { params: EndpointParams<E> } : { params?: never }) &
  (E['query'] extends object ? { query?: EndpointQuery<E> } : { query?: never });

export interface DownloadOptions extends Pick<CallOptions, 'signal' | 'isQuiet'> {
  /** The file's name when the answer names none. */
  fallbackName: string;
  /** Called as the bytes arrive (a long export), with the count so far. */
  onProgress?: (receivedBytes: number) => void;
  /** An export may take longer than an ordinary call; 5 minutes unless given. */
  timeoutMs?: number;
}

const exportTimeoutMs = 5 * 60_000;

/** The name in `Content-Disposition: attachment; filename="…"` (or `filename*=UTF-8''…`), or null. */
export function fileNameOf(disposition: string | null): string | null {
  if (!disposition) return null;
  const encoded = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(disposition);
  if (encoded?.[1]) {
    try {
      return decodeURIComponent(encoded[1].trim());
    } catch {
      // Falls back to the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(disposition);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name : null;
}

async function bodyOf(response: Response, onProgress: DownloadOptions['onProgress']): Promise<Blob> {
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  if (!onProgress || !response.body) return response.blob();
  const reader = response.body.getReader();
  const chunks: BlobPart[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onProgress(received);
  }
  return new Blob(chunks, { type });
}

/** Hands a received file to the browser's downloads under `fileName`. */
function saveFile(file: Blob, fileName: string): void {
  const address = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = address;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the address is not needed after this task.
  setTimeout(() => URL.revokeObjectURL(address), 0);
}

/**
 * Downloads a file endpoint (a CSV or XLSX export) with the headers, credentials and error
 * handling of `call`: an export answers the file, or an error envelope (a range too long, a
 * permission missing) that rejects as `ApiError` after its toast (none when quiet), in the
 * user's language, instead of landing in the downloads as a JSON file. Resolves the saved
 * file's name.
 */
export async function download<E extends Endpoint>(endpoint: E, input: DownloadInput<E>, options: DownloadOptions): Promise<string> {
  const { params, query } = input as { params?: Record<string, string | number>; query?: RequestOptions['query'] };
  const request: RequestOptions = { method: endpoint.method, query, signal: options.signal, isQuiet: options.isQuiet };
  const timeout = AbortSignal.timeout(options.timeoutMs ?? exportTimeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  let response: Response;
  try {
    response = await fetch(buildUrl(pathWith(endpoint.path, params), query), {
      method: endpoint.method,
      headers: { ...requestHeaders({}), accept: '*/*' },
      credentials: 'include',
      signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return failNetwork(request);
  }

  const contentType = response.headers.get('content-type') ?? '';
  if (!response.ok || contentType.includes('application/json')) {
    // An envelope: a refusal rejects inside `envelopeOf`; a success envelope (no file) reads as a failed call.
    await envelopeOf({ status: response.status, json: () => response.json() }, request);
    return failNetwork(request);
  }
  let file: Blob;
  try {
    file = await bodyOf(response, options.onProgress);
  } catch (error) {
    if (options.signal?.aborted) throw error;
    return failNetwork(request);
  }
  const fileName = fileNameOf(response.headers.get('content-disposition')) ?? options.fallbackName;
  saveFile(file, fileName);
  return fileName;
}
