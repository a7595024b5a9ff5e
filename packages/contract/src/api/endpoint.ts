import type { z } from 'zod';
import type { CustodyPermission } from '../rules/custody-rules';

/**
 * One definition per endpoint: method, path and the schemas of its parameters, query, body and
 * answer (the `data` of the envelope). The server registers its route from it (validation,
 * serialisation, OpenAPI) and the web client calls it with types inferred from the same schemas,
 * so neither side can drift from the other.
 */
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Endpoint {
  readonly method: HttpMethod;
  /** Fastify-style path: `:name` marks a parameter. */
  readonly path: string;
  readonly summary: string;
  readonly tags: readonly string[];
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The envelope's `data`; absent for answers that are not an envelope (a file download). */
  readonly response?: z.ZodType;
  /** Answers that are not an envelope, by HTTP status (the operations probes), for the document. */
  readonly plainResponses?: Readonly<Record<number, z.ZodType>>;
  /** OpenAPI security requirements (scheme name → scopes) shown for the call. */
  readonly security?: readonly Readonly<Record<string, readonly string[]>>[];
  /**
   * The right an API key needs to call this endpoint with a signed request (issue 16). Absent:
   * no key can reach it (default deny) — security settings, key management, the console.
   */
  readonly apiKeyRight?: 'read' | 'trade' | 'withdraw';
  /**
   * A custody console call (issue 17): the permission the caller's role must hold, or
   * `anyMember` for any active member of the organisation. The server's guard and the tenant
   * isolation tests both read it from here, so no console route can go unguarded.
   */
  readonly consolePermission?: CustodyPermission | 'anyMember';
}

/** Keeps the literal types of a definition (so its schemas type both sides). */
export function defineEndpoint<const E extends Endpoint>(endpoint: E): E {
  return endpoint;
}

type Input<S> = S extends z.ZodType ? z.input<S> : undefined;
type Output<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a caller sends (before the server's parsing and defaults). */
export type EndpointParams<E extends Endpoint> = Input<E['params']>;
export type EndpointQuery<E extends Endpoint> = Input<E['query']>;
export type EndpointBody<E extends Endpoint> = Input<E['body']>;
/** What the server has after validation. */
export type ParsedParams<E extends Endpoint> = Output<E['params']>;
export type ParsedQuery<E extends Endpoint> = Output<E['query']>;
export type ParsedBody<E extends Endpoint> = Output<E['body']>;
/** The envelope's `data` as the caller receives it. */
export type EndpointResponse<E extends Endpoint> = Output<E['response']>;
/** What the server's handler returns (before serialisation). */
export type EndpointResult<E extends Endpoint> = Input<E['response']>;

/** The path with every `:name` replaced by its value, URI-encoded. */
export function pathWith(path: string, params: Record<string, string | number> | undefined): string {
  return path.replace(/:([A-Za-z][A-Za-z0-9_]*)/g, (_whole, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`path ${path}: parameter ${name} missing`);
    return encodeURIComponent(String(value));
  });
}
