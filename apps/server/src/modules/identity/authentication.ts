import { apiSigningHeaders } from '@coffer/contract';
import type {} from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../platform/config';
import { sendError } from '../../platform/http/error-handler';
import type { SessionStore } from './session-store';

export const sessionCookieName = 'coffer_session';

/**
 * The facts of the caller's session: its id, the customer, and when they logged in to open it
 * (null for a request signed with an API key, which has no login).
 */
export interface SessionFacts {
  sessionId: string;
  userId: string;
  loggedInAt: Date | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's session, resolved from the cookie or the `jwt-token` header. */
    session: SessionFacts | null;
  }
}

export function sessionCookieOptions(config: Pick<AppConfig, 'COOKIE_SECURE' | 'SESSION_TTL_HOURS'>) {
  return {
    path: '/',
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: config.COOKIE_SECURE,
    maxAge: config.SESSION_TTL_HOURS * 3600,
  };
}

/**
 * Resolves the caller's session on every request: the browser's httpOnly cookie, or the
 * native apps' `jwt-token` header (spec §7).
 */
export function registerAuthentication(app: FastifyInstance, sessions: SessionStore): void {
  app.decorateRequest('session', null);
  app.addHook('preHandler', async (request) => {
    // A request signed with an API key is that key's alone (its check set the session): a
    // cookie or token riding along must not lend it a customer's session.
    if (request.headers[apiSigningHeaders.accessKey] !== undefined) return;
    const token = request.jwtToken ?? request.cookies[sessionCookieName] ?? null;
    if (!token) return;
    const session = await sessions.resolve(token);
    request.session = session ? { sessionId: session.sessionId, userId: session.userId, loggedInAt: session.createdAt } : null;
  });
}

/**
 * Route guard: without a live session the answer is HTTP 401 with the login-prompt body
 * code (spec §4, §8), which every client turns into the login dialog.
 */
export async function requireSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  if (request.session) return;
  await sendError(request, reply, { key: 'loginRequired', httpStatus: 401 });
}

/** The signed-in caller, for handlers behind requireSession. */
export function signedIn(request: FastifyRequest): SessionFacts {
  if (!request.session) throw new Error('requireSession must guard this route');
  return request.session;
}
