import { ipAllowed, type CustodyPermission, type Endpoint, type EndpointResult } from '@coffer/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '../../platform/db/database';
import { routeEndpoint, routeEndpointRaw, type EndpointRequest } from '../../platform/http/endpoint-route';
import { requireSession, signedIn } from '../identity';
import { custodyError } from './custody.errors';
import { findMembershipOfUser, type MembershipRow } from './membership.repository';

/** Who calls the console: an active member of one organisation, with its role's permissions now. */
export interface ConsoleCaller {
  orgId: string;
  memberId: string;
  userId: string;
  permissions: ReadonlySet<CustodyPermission>;
  membership: MembershipRow;
  ip: string;
}

const callers = new WeakMap<FastifyRequest, ConsoleCaller>();

/**
 * The organisation's session length counts from the login, not from the last call: a console
 * session ends that long after logging in however busy it was, and the member logs in again.
 * A session with no login (an API key's) has no console time at all.
 */
function isConsoleSessionOver(loggedInAt: Date | null, sessionMinutes: number): boolean {
  return loggedInAt === null || Date.now() - loggedInAt.getTime() > sessionMinutes * 60_000;
}

/** The console caller of a request behind the console guard. */
export function consoleCallerOf(request: FastifyRequest): ConsoleCaller {
  const caller = callers.get(request);
  if (!caller) throw new Error('the console guard must guard this route');
  return caller;
}

/**
 * The membership of the signed-in customer, checked on every call as it is now: none (or still
 * invited) answers custodyNotEnabled (spec §6: contact the administrator), frozen
 * custodyMemberFrozen, an address outside the organisation's console allow-list
 * custodyIpNotAllowed, a login older than the organisation's session length
 * custodySessionExpired, a role without the permission noPermission.
 */
export async function resolveConsoleCaller(
  db: Db,
  request: FastifyRequest,
  permission: CustodyPermission | 'anyMember',
): Promise<ConsoleCaller> {
  const { userId, loggedInAt } = signedIn(request);
  const membership = await findMembershipOfUser(db, userId);
  if (!membership || membership.state === 'invited') throw custodyError('custodyNotEnabled');
  if (membership.state === 'frozen') throw custodyError('custodyMemberFrozen');
  if (membership.console_ips.length > 0 && !ipAllowed(request.ip, membership.console_ips)) throw custodyError('custodyIpNotAllowed');
  if (isConsoleSessionOver(loggedInAt, membership.session_minutes)) throw custodyError('custodySessionExpired');
  const permissions = new Set(membership.permissions);
  if (permission !== 'anyMember' && !permissions.has(permission)) throw custodyError('noPermission');
  return { orgId: membership.org_id, memberId: membership.member_id, userId, permissions, membership, ip: request.ip };
}

type ConsoleEndpoint = Endpoint & { consolePermission: CustodyPermission | 'anyMember' };

/**
 * Registers a console endpoint behind the customer's session and the console guard with the
 * permission the contract names for it (`consolePermission`): no console route can be added
 * without one, and the tenant isolation tests read the same table.
 */
export function routeConsoleEndpoint<E extends ConsoleEndpoint>(
  app: FastifyInstance,
  db: Db,
  endpoint: E,
  handler: (request: EndpointRequest<E>, caller: ConsoleCaller, reply: FastifyReply) => Promise<EndpointResult<E>>,
): void {
  const guard: preHandlerAsyncHookHandler = async (request) => {
    callers.set(request, await resolveConsoleCaller(db, request, endpoint.consolePermission));
  };
  routeEndpoint(app, endpoint, { preHandler: [requireSession, guard] }, (request, reply) =>
    handler(request, consoleCallerOf(request as unknown as FastifyRequest), reply),
  );
}

/** A console download (a file, not an envelope) behind the same guard; a refusal is still the envelope. */
export function routeConsoleDownload<E extends ConsoleEndpoint>(
  app: FastifyInstance,
  db: Db,
  endpoint: E,
  handler: (request: EndpointRequest<E>, caller: ConsoleCaller, reply: FastifyReply) => Promise<unknown>,
): void {
  const guard: preHandlerAsyncHookHandler = async (request) => {
    callers.set(request, await resolveConsoleCaller(db, request, endpoint.consolePermission));
  };
  routeEndpointRaw(app, endpoint, { preHandler: [requireSession, guard] }, (request, reply) =>
    handler(request, consoleCallerOf(request as unknown as FastifyRequest), reply),
  );
}
