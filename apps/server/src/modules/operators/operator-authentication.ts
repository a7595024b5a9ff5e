import type {} from '@fastify/cookie';
import type { OperatorPermission } from '@coffer/contract';
import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { AppConfig } from '../../platform/config';
import { sendError } from '../../platform/http/error-handler';
import type { AuditActor } from '../audit';
import { hasPermission } from './operator-permissions';
import { operatorSessionLifetimeHours, type OperatorCaller, type OperatorSession, type OperatorSessionStore } from './operator-sessions';

/**
 * The back office's cookie: a name of its own, sent only to `/admin` (its pages and API). The
 * customer's cookie and `jwt-token` are never read here, so a customer session reaches no
 * operator call.
 */
export const operatorCookieName = 'coffer_operator_session';
const operatorCookiePath = '/admin';

export function operatorCookieOptions(config: Pick<AppConfig, 'COOKIE_SECURE'>) {
  return {
    path: operatorCookiePath,
    httpOnly: true,
    sameSite: 'strict' as const,
    secure: config.COOKIE_SECURE,
    maxAge: operatorSessionLifetimeHours * 3600,
  };
}

export function clearOperatorCookie(reply: FastifyReply): void {
  reply.clearCookie(operatorCookieName, { path: operatorCookiePath });
}

export function operatorCookieOf(request: FastifyRequest): string | null {
  return request.cookies[operatorCookieName] || null;
}

/** The operator each guarded request was resolved to (kept beside the request, not on it). */
const resolved = new WeakMap<FastifyRequest, OperatorSession>();

/** The signed-in operator, for handlers behind `requireOperator`. */
export function operatorOf(request: FastifyRequest): OperatorSession {
  const session = resolved.get(request);
  if (!session) throw new Error('requireOperator must guard this route');
  return session;
}

export function operatorCallerOf(request: FastifyRequest): OperatorCaller {
  return { ip: request.ip, userAgent: (request.headers['user-agent'] ?? '').slice(0, 512) };
}

/** Who acts and from where, as the audit log names an operator (name, else e-mail). */
export interface OperatorIdentity extends OperatorCaller {
  operatorId: string;
  name: string;
}

/** The signed-in operator of a request behind `requireOperator`, with the caller's address. */
export function operatorIdentityOf(request: FastifyRequest): OperatorIdentity {
  const operator = operatorOf(request);
  return { operatorId: operator.operatorId, name: operator.name ?? operator.email, ...operatorCallerOf(request) };
}

/** The audit entry's actor and caller fields of an operator's action. */
export interface OperatorAuditFields {
  actor: AuditActor & { kind: 'operator' };
  ip: string;
  userAgent: string;
}

/** How the audit log names `identity`: the one place an operator becomes an audit actor. */
export function operatorAuditFields(identity: OperatorIdentity): OperatorAuditFields {
  return { actor: { kind: 'operator', id: identity.operatorId, name: identity.name }, ip: identity.ip, userAgent: identity.userAgent };
}

/** A guard for operator calls: the session, then the permission (none: any signed-in operator). */
export type RequireOperator = (permission?: OperatorPermission) => preHandlerAsyncHookHandler;

/**
 * Route guard: resolves the operator cookie on every call (sliding its idle expiry) and checks
 * the permission against the operator's role as it is now. No cookie answers HTTP 401
 * `operatorLoginRequired`, a cookie naming no live session 401 `operatorSessionExpired`, a
 * missing permission 403 `noPermission`.
 */
export function createRequireOperator(sessions: OperatorSessionStore): RequireOperator {
  return (permission) =>
    async function requireOperator(request, reply) {
      const token = operatorCookieOf(request);
      if (!token) {
        await sendError(request, reply, { key: 'operatorLoginRequired' });
        return;
      }
      const session = await sessions.resolve(token);
      if (!session) {
        clearOperatorCookie(reply);
        await sendError(request, reply, { key: 'operatorSessionExpired' });
        return;
      }
      if (permission && !hasPermission(session.role, permission)) {
        await sendError(request, reply, { key: 'noPermission', httpStatus: 403 });
        return;
      }
      resolved.set(request, session);
    };
}
