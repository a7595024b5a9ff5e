import { custodyConsoleEndpoints as console, custodyEndpoints } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import type { Messenger } from '../../platform/adapters/messenger';
import type { AppConfig } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import { routeEndpoint } from '../../platform/http/endpoint-route';
import type { AuditApi } from '../audit';
import { requireSession, signedIn, type IdentityApi } from '../identity';
import { createActivationService } from './activation.service';
import { routeConsoleEndpoint } from './console-guard';
import { createMembersService } from './members.service';
import { createOverviewService } from './overview.service';
import { createRolesService } from './roles.service';

export interface MemberRoutesDeps {
  db: Db;
  config: Pick<AppConfig, 'PUBLIC_ORIGIN' | 'PORT'>;
  identity: Pick<IdentityApi, 'customerFacts' | 'passkeyHolders'>;
  audit: Pick<AuditApi, 'record'>;
  messenger: Messenger;
}

/** The console's overview, roles and personnel, and the customer's activation of a membership. */
export function registerMemberRoutes(app: FastifyInstance, deps: MemberRoutesDeps): void {
  const { db } = deps;
  const roles = createRolesService(deps);
  const members = createMembersService(deps);
  const activation = createActivationService(deps);
  const overview = createOverviewService(deps);

  routeEndpoint(app, custodyEndpoints.activate, { preHandler: requireSession }, (request) =>
    activation.activate(signedIn(request).userId, request.body.token, { ip: request.ip }),
  );

  routeConsoleEndpoint(app, db, console.overview, (_request, caller) => overview.overview(caller));

  routeConsoleEndpoint(app, db, console.roles, (_request, caller) => roles.list(caller));
  routeConsoleEndpoint(app, db, console.addRole, (request, caller) => roles.add(caller, request.body));
  routeConsoleEndpoint(app, db, console.editRole, (request, caller) => roles.edit(caller, request.params.id, request.body));
  routeConsoleEndpoint(app, db, console.deleteRole, (request, caller) => roles.delete(caller, request.params.id));

  routeConsoleEndpoint(app, db, console.members, (_request, caller) => members.list(caller));
  routeConsoleEndpoint(app, db, console.addMember, (request, caller) => members.add(caller, request.body, request.language));
  routeConsoleEndpoint(app, db, console.editMember, (request, caller) => members.edit(caller, request.params.id, request.body));
  routeConsoleEndpoint(app, db, console.freezeMember, (request, caller) => members.freeze(caller, request.params.id));
  routeConsoleEndpoint(app, db, console.thawMember, (request, caller) => members.thaw(caller, request.params.id));
  routeConsoleEndpoint(app, db, console.resendActivation, (request, caller) =>
    members.resendActivation(caller, request.params.id, request.language),
  );
}
