import { headerNames, languageFromLanguageType, parseClientVersion, type ClientKind, type Language } from '@coffer/contract';
import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's language, from the LANGUAGE-TYPE header (spec §7). */
    language: Language;
    /** web, android or ios, from the client-version header. */
    clientKind: ClientKind;
    clientVersion: string | null;
    /** The native apps' credential (`jwt-token` header); the browser uses a cookie. */
    jwtToken: string | null;
  }
}

function singleHeader(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** Reads the caller's language, client and `jwt-token` from the headers; echoes the request id. */
export function resolveRequestContext(request: FastifyRequest, reply: FastifyReply): void {
  request.language = languageFromLanguageType(singleHeader(request, headerNames.languageType));
  const client = parseClientVersion(singleHeader(request, headerNames.clientVersion));
  request.clientKind = client.kind;
  request.clientVersion = client.version;
  const token = singleHeader(request, headerNames.jwtToken)?.trim();
  request.jwtToken = token ? token : null;
  reply.header(headerNames.requestId, request.id);
}

export function registerRequestContext(app: FastifyInstance): void {
  app.decorateRequest('language', 'en');
  app.decorateRequest('clientKind', 'web');
  app.decorateRequest('clientVersion', null);
  app.decorateRequest('jwtToken', null);
  app.addHook('onRequest', async (request, reply) => resolveRequestContext(request, reply));
}

/**
 * Route `onRequest` hook of the operations endpoints (probes, metrics): they are anonymous,
 * so the caller's credentials are dropped before anything (the session lookup) could take a
 * database round trip for them or fail on it during an outage.
 */
export async function dropCredentials(request: FastifyRequest): Promise<void> {
  request.jwtToken = null;
  request.cookies = {};
}
