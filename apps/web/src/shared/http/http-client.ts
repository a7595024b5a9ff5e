import { headerNames } from '@coffer/contract/client';
import { limits } from '@coffer/contract/constants';
import { isSilentCode, loginRequiredCode, messageForCode } from '@coffer/contract/errors';
import { languageTypeByLanguage, type Language } from '@coffer/contract/languages';
import { openLoginPrompt } from '../ui/login-prompt-store';
import { showToast } from '../ui/toast-store';

/** The envelope of spec §7; some answers carry `message` instead of `msg`. */
export interface ApiEnvelope<T> {
  code: number;
  msg?: string;
  message?: string;
  data: T;
}

/**
 * A failed call. `isRedirect401` marks the HTTP 401 rejection of spec §8, which callers and
 * toasts ignore because the login prompt already speaks for it. `field` is the envelope's
 * `data.field`, the request field the server refused, so a form can mark it.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly code: number | null,
    message: string,
    readonly isRedirect401 = false,
    readonly isNetworkFailure = false,
    readonly field: string | null = null,
  ) {
    super(message);
  }
}

function fieldOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const field = (data as { field?: unknown }).field;
  return typeof field === 'string' && field !== '' ? field : null;
}

interface HttpEnvironment {
  language(): Language;
  /** 'Net Error' and 'Network Error,Please try later' in the user's language. */
  text(key: 'http.netError' | 'http.networkError'): string;
  /** The native apps' credential, when the page runs inside one. */
  nativeToken(): string | null;
}

/** Until main.tsx configures it (and in tests, after each one): English, no native app. */
export const defaultHttpEnvironment: HttpEnvironment = {
  language: () => 'en',
  text: (key) => (key === 'http.netError' ? 'Net Error' : 'Network Error,Please try later'),
  nativeToken: () => null,
};

let environment: HttpEnvironment = defaultHttpEnvironment;

export function configureHttpClient(next: HttpEnvironment): void {
  environment = next;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Raw bytes sent as they are (an upload), with the file's own content type; instead of `body`. */
  rawBody?: Blob;
  signal?: AbortSignal;
  /** The withdraw-check call shows -10094 as an error (spec §8). */
  isWithdrawCheck?: boolean;
  /** Shown as the success toast when the call succeeds. */
  successText?: string;
  timeoutMs?: number;
  /**
   * The back office's calls: an HTTP 401 runs this instead of opening the customer's login
   * prompt (operators sign in on a page of their own).
   */
  onUnauthorized?: () => void;
  /** No error toast: the screen shows the failure where it happened (the back office, the KYC forms). */
  isQuiet?: boolean;
}

export function buildUrl(path: string, query: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * Spec §8: the mapped text is preferred, then the answer's message, then the raw code;
 * an empty message reads 'Net Error'. A mapped text still holding a `{placeholder}` needs
 * the server's filled-in message instead.
 */
export function errorTextFor(envelope: Pick<ApiEnvelope<unknown>, 'code' | 'msg' | 'message'>): string {
  const mapped = messageForCode(envelope.code, environment.language());
  const serverText = envelope.msg ?? envelope.message;
  if (mapped && !/\{\w+\}/.test(mapped)) return mapped;
  if (serverText && serverText.trim() !== '') return serverText;
  if (mapped) return mapped;
  return environment.text('http.netError');
}

/** The headers of spec §7, and the content type of what is sent. */
export function requestHeaders(options: Pick<RequestOptions, 'body' | 'rawBody'>): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    [headerNames.languageType]: languageTypeByLanguage[environment.language()],
    [headerNames.clientVersion]: 'web',
  };
  const token = environment.nativeToken();
  if (token) headers[headerNames.jwtToken] = token;
  if (options.rawBody) headers['content-type'] = options.rawBody.type || 'application/octet-stream';
  else if (options.body !== undefined) headers['content-type'] = 'application/json';
  return headers;
}

/** What a transport (fetch, or XHR for an upload with progress) received; `json` throws when the body is not JSON. */
export interface RawAnswer {
  status: number;
  json(): Promise<unknown>;
}

/** A request that never got an answer (offline, refused, timed out): spec §8's network error. */
export function failNetwork(options: Pick<RequestOptions, 'isQuiet'> = {}): never {
  const text = environment.text('http.networkError');
  if (!options.isQuiet) showToast('error', text);
  throw new ApiError(null, text, false, true);
}

/**
 * Handles an answer as spec §8 says: resolves the envelope for success and silent codes;
 * rejects (after the toast or the login prompt) for everything else.
 */
export async function envelopeOf<T>(answer: RawAnswer, options: RequestOptions = {}): Promise<ApiEnvelope<T>> {
  if (answer.status === 401) {
    if (options.onUnauthorized) options.onUnauthorized();
    else openLoginPrompt();
    throw new ApiError(401, 'redirect401', true);
  }

  let envelope: ApiEnvelope<T>;
  try {
    envelope = (await answer.json()) as ApiEnvelope<T>;
  } catch {
    if (answer.status < 200 || answer.status > 299) failNetwork(options);
    const text = environment.text('http.netError');
    if (!options.isQuiet) showToast('error', text);
    throw new ApiError(null, text);
  }
  if (typeof envelope.code !== 'number') {
    const text = environment.text('http.netError');
    if (!options.isQuiet) showToast('error', text);
    throw new ApiError(null, text);
  }

  if (envelope.code === loginRequiredCode) {
    openLoginPrompt();
    throw new ApiError(envelope.code, 'redirect401', true);
  }
  if (envelope.code === 0 || isSilentCode(envelope.code, { isWithdrawCheck: options.isWithdrawCheck ?? false })) {
    if (envelope.code === 0 && options.successText) showToast('success', options.successText);
    return envelope;
  }
  const text = errorTextFor(envelope);
  if (!options.isQuiet) showToast('error', text);
  throw new ApiError(envelope.code, text, false, false, fieldOf(envelope.data));
}

/**
 * Calls the API with the headers of spec §7 and handles its answers as §8 says. Resolves
 * with the envelope for success and for silent codes; rejects (after showing the toast or
 * the login prompt) for everything else.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiEnvelope<T>> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? limits.requestTimeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method: options.method ?? (options.body === undefined && !options.rawBody ? 'GET' : 'POST'),
      headers: requestHeaders(options),
      body: options.rawBody ?? (options.body === undefined ? null : JSON.stringify(options.body)),
      credentials: 'include',
      signal,
    });
  } catch (error) {
    // The caller's own abort (a page left) is no failure worth a toast.
    if (options.signal?.aborted) throw error;
    failNetwork(options);
  }
  return envelopeOf<T>({ status: response.status, json: () => response.json() }, options);
}

/** Like apiRequest, but only code 0 counts; a silent code rejects without a toast. */
export async function apiData<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const envelope = await apiRequest<T>(path, options);
  if (envelope.code !== 0) throw new ApiError(envelope.code, envelope.msg ?? envelope.message ?? '');
  return envelope.data;
}
