import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sendError } from './error-handler';

const stateChangingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function ownOrigin(request: FastifyRequest, publicOrigin: string | undefined): string {
  if (publicOrigin) return new URL(publicOrigin).origin;
  return `${request.protocol}://${request.host}`;
}

/**
 * State-changing requests from a browser are accepted only from the site's own origin,
 * on top of the SameSite cookie. Callers that send no Origin (native apps with
 * `jwt-token`, servers) are not browsers acting for someone else, so they pass.
 */
export function registerOriginCheck(app: FastifyInstance, publicOrigin: string | undefined): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!stateChangingMethods.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (origin !== ownOrigin(request, publicOrigin)) {
      request.log.warn({ origin }, 'cross-origin state change refused');
      await sendError(request, reply, { key: 'forbiddenOrigin' });
    }
  });
}
