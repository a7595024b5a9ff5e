import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { sendError } from './error-handler';

const stateChangingMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A page of its own posts here (the sandbox identity provider's hosted form, whose browser
     * sends `Origin: null`): no customer session is read, so a cross-site post gains nothing.
     */
    acceptsAnyOrigin?: boolean;
  }
}

/**
 * The origins a browser may send state-changing requests from, or null to take the request's
 * own `Host` (development and tests, where a dev server may proxy from another port).
 * `PUBLIC_ORIGIN` when set. Without it, production trusts no header: the embedded default
 * (`npm start`, no `DATABASE_URL`) answers on this machine's loopback names at `PORT`, and
 * production with `DATABASE_URL` refuses to start without it (see `loadConfig`).
 */
export function allowedOrigins(config: Pick<AppConfig, 'NODE_ENV' | 'PUBLIC_ORIGIN' | 'PORT'>): string[] | null {
  if (config.PUBLIC_ORIGIN) return [new URL(config.PUBLIC_ORIGIN).origin];
  if (config.NODE_ENV !== 'production') return null;
  return ['localhost', '127.0.0.1', '[::1]'].map((host) => `http://${host}:${config.PORT}`);
}

function isOwnOrigin(request: FastifyRequest, origin: string, allowed: string[] | null): boolean {
  if (allowed) return allowed.includes(origin);
  return origin === `${request.protocol}://${request.host}`;
}

/**
 * State-changing requests from a browser are accepted only from the site's own origin,
 * on top of the SameSite cookie. Callers that send no Origin (native apps with
 * `jwt-token`, servers) are not browsers acting for someone else, so they pass.
 */
export function registerOriginCheck(app: FastifyInstance, allowed: string[] | null): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!stateChangingMethods.has(request.method) || request.routeOptions.config.acceptsAnyOrigin) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    if (!isOwnOrigin(request, origin, allowed)) {
      request.log.warn({ origin }, 'cross-origin state change refused');
      await sendError(request, reply, { key: 'forbiddenOrigin' });
    }
  });
}
