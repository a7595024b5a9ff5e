import {
  envelopeSchema,
  type Endpoint,
  type EndpointResult,
  type Envelope,
  type ParsedBody,
  type ParsedParams,
  type ParsedQuery,
} from '@coffer/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { successEnvelope } from './envelope';
// The route config's `apiKeyRight` is declared there.
import type {} from './api-key-request';

/** A request of an endpoint, with its parameters, query and body as validated by its schemas. */
export type EndpointRequest<E extends Endpoint> = Omit<FastifyRequest, 'params' | 'query' | 'body'> & {
  params: ParsedParams<E>;
  query: ParsedQuery<E>;
  body: ParsedBody<E>;
};

export interface EndpointRouteOptions {
  /** Before anything else reads the request (e.g. `dropCredentials` of the probes). */
  onRequest?: RouteShorthandOptions['onRequest'];
  preHandler?: RouteShorthandOptions['preHandler'];
  /** Route config read by hooks (e.g. `refusesUnstorableTextItself`). */
  config?: RouteShorthandOptions['config'];
  /** Hidden from the OpenAPI document (operator and dev calls). */
  hide?: boolean;
}

/** The Fastify schema of an endpoint: the contract's schemas, its answer inside the envelope. */
function routeSchema(endpoint: Endpoint, hide: boolean | undefined) {
  return {
    tags: [...endpoint.tags],
    summary: endpoint.summary,
    ...(hide ? { hide: true } : {}),
    ...(endpoint.security
      ? {
          security: endpoint.security.map((requirement) =>
            Object.fromEntries(Object.entries(requirement).map(([name, scopes]) => [name, [...scopes]])),
          ),
        }
      : {}),
    ...(endpoint.params ? { params: endpoint.params } : {}),
    ...(endpoint.query ? { querystring: endpoint.query } : {}),
    ...(endpoint.body ? { body: endpoint.body } : {}),
    ...(endpoint.response || endpoint.plainResponses
      ? { response: { ...(endpoint.response ? { 200: envelopeSchema(endpoint.response) } : {}), ...endpoint.plainResponses } }
      : {}),
  };
}

/** The hooks and config of a route, as given; the endpoint's API key right goes into the config (read by the key check). */
function routeHooks(endpoint: Endpoint, options: EndpointRouteOptions) {
  const config = endpoint.apiKeyRight ? { ...options.config, apiKeyRight: endpoint.apiKeyRight } : options.config;
  return {
    ...(options.onRequest ? { onRequest: options.onRequest } : {}),
    ...(options.preHandler ? { preHandler: options.preHandler } : {}),
    ...(config ? { config } : {}),
  };
}

/**
 * Registers an endpoint whose handler writes the answer itself (a file download, a status other
 * than 200): method, path and input schemas still come from the contract.
 */
export function routeEndpointRaw<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: EndpointRouteOptions,
  handler: (request: EndpointRequest<E>, reply: FastifyReply) => Promise<unknown>,
): void {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    schema: routeSchema(endpoint, options.hide),
    ...routeHooks(endpoint, options),
    handler: (request, reply) => handler(request as unknown as EndpointRequest<E>, reply),
  });
}

/**
 * Registers the route of a contract endpoint whose handler answers the envelope's data: the
 * method, path and schemas come from the endpoint, so the server cannot drift from the contract.
 */
export function routeEndpoint<E extends Endpoint>(
  app: FastifyInstance,
  endpoint: E,
  options: EndpointRouteOptions,
  handler: (request: EndpointRequest<E>, reply: FastifyReply) => Promise<EndpointResult<E>>,
): void {
  routeEndpointRaw(app, endpoint, options, async (request, reply): Promise<Envelope<EndpointResult<E>>> =>
    successEnvelope(request.language, await handler(request, reply)),
  );
}
