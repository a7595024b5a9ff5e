import { custodyConsoleEndpoints as console, custodyPartnerEndpoints } from '@coffer/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/database';
import { routeEndpoint } from '../../platform/http/endpoint-route';
import { routeConsoleEndpoint } from './console-guard';
import type { PartnerCaller, PartnerLinks } from './partner-link.service';
import type { PoolLinks } from './pool-links.service';

/** The mining-pool partner links (issue 17 item 11). */
export interface PoolServices {
  links: PoolLinks;
  partners: PartnerLinks;
}

function partnerCallerOf(request: FastifyRequest): PartnerCaller {
  return { ip: request.ip, userAgent: (request.headers['user-agent'] ?? '').slice(0, 512), language: request.language };
}

/** The admin's links behind the console guard (`accounts`), and the partner's page without a login. */
export function registerPoolRoutes(app: FastifyInstance, deps: { db: Db; pool: PoolServices }): void {
  const { db } = deps;
  const { links, partners } = deps.pool;

  routeConsoleEndpoint(app, db, console.poolPartners, (_request, caller) => links.list(caller));
  routeConsoleEndpoint(app, db, console.addPoolLink, (request, caller) => links.create(caller, request.body, request.language));
  routeConsoleEndpoint(app, db, console.revokePoolLink, (request, caller) => links.revoke(caller, request.params.id));
  routeConsoleEndpoint(app, db, console.unlinkPoolPartner, (request, caller) => links.unlink(caller, request.params.id));

  routeEndpoint(app, custodyPartnerEndpoints.partnerLink, {}, (request) =>
    partners.view(request.body.token, partnerCallerOf(request as unknown as FastifyRequest)),
  );
  routeEndpoint(app, custodyPartnerEndpoints.confirmPartnerLink, {}, (request) =>
    partners.confirm(request.body, partnerCallerOf(request as unknown as FastifyRequest)),
  );
}
