import {
  pathWith,
  type Endpoint,
  type EndpointBody,
  type EndpointParams,
  type EndpointQuery,
  type EndpointResponse,
} from '@coffer/contract/endpoint';
import { apiData, apiRequest, type ApiEnvelope, type RequestOptions } from './http-client';

/** The parts of a request an endpoint defines; each is required exactly when the endpoint has it. */
export type CallInput<E extends Endpoint> = (E['params'] extends object ? { params: EndpointParams<E> } : { params?: never }) &
  (E['query'] extends object ? { query?: EndpointQuery<E> } : { query?: never }) &
  (E['body'] extends object ? { body: EndpointBody<E> } : { body?: never });

export type CallOptions = Pick<RequestOptions, 'signal' | 'successText' | 'isWithdrawCheck' | 'timeoutMs' | 'onUnauthorized' | 'isQuiet'>;

declare const endpointType: unique symbol;

/**
 * What a call needs of an endpoint, its method and path, typed as the whole endpoint. The
 * endpoint objects carry zod schemas; a call the first paint makes (route guards, home page)
 * names its endpoint by `endpointRoute` with a type-only import of the endpoint, so the entry
 * chunk loads no zod.
 */
export interface EndpointRoute<E extends Endpoint> {
  readonly method: E['method'];
  readonly path: E['path'];
  /** Never present: carries the endpoint's type. */
  readonly [endpointType]?: E;
}

/**
 * `endpointRoute<typeof identityEndpoints.userInfo>('GET', identityPaths.userInfo)`: the
 * compiler checks method and path against the endpoint (paths are literal types).
 */
export function endpointRoute<E extends Endpoint>(method: E['method'], path: E['path']): EndpointRoute<E> {
  return { method, path };
}

type Callable<E extends Endpoint> = E | EndpointRoute<E>;

function requestOf<E extends Endpoint>(endpoint: Callable<E>, input: CallInput<E>, options: CallOptions): [string, RequestOptions] {
  const { params, query, body } = input as { params?: Record<string, string | number>; query?: RequestOptions['query']; body?: unknown };
  return [pathWith(endpoint.path, params), { ...options, method: endpoint.method, query, body }];
}

/**
 * Calls a contract endpoint: the path filled from `params`, the method and the answer's type from
 * the endpoint's definition. Resolves the envelope's data (code 0); any other code rejects.
 */
export async function call<E extends Endpoint>(
  endpoint: Callable<E>,
  input: CallInput<E>,
  options: CallOptions = {},
): Promise<EndpointResponse<E>> {
  return apiData<EndpointResponse<E>>(...requestOf(endpoint, input, options));
}

/** Like `call`, but resolves the whole envelope, so a silent code (spec §8) can be read. */
export async function callEnvelope<E extends Endpoint>(
  endpoint: Callable<E>,
  input: CallInput<E>,
  options: CallOptions = {},
): Promise<ApiEnvelope<EndpointResponse<E>>> {
  return apiRequest<EndpointResponse<E>>(...requestOf(endpoint, input, options));
}
