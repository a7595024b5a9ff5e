import { adminCustodyEndpoints, custodyEndpoints } from '@coffer/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routeEndpoint } from '../../platform/http/endpoint-route';
import { requireSession, signedIn } from '../identity';
import { operatorIdentityOf, type RequireOperator } from '../operators';
import type { ApplicationService } from './application.service';
import { meOf } from './console-me';
import { resolveConsoleCaller } from './console-guard';
import { registerMemberRoutes, type MemberRoutesDeps } from './members.routes';
import { registerMoneyRoutes, type MoneyServices } from './money.routes';
import { registerOrderRoutes } from './orders.routes';
import type { OrderReview } from './order-review.service';
import type { WithdrawalOrders } from './orders.service';
import type { WithdrawalBatches } from './batch.service';
import { registerOrganisationRoutes, type OrganisationServices } from './organisation.routes';
import { registerPoolRoutes, type PoolServices } from './pool.routes';

function callerOf(request: FastifyRequest) {
  return { ip: request.ip, userAgent: (request.headers['user-agent'] ?? '').slice(0, 512), language: request.language };
}

export function registerCustodyRoutes(
  app: FastifyInstance,
  deps: MemberRoutesDeps & {
    applications: ApplicationService;
    requireOperator: RequireOperator;
    organisation: OrganisationServices;
    money: MoneyServices;
    pool: PoolServices;
    orders: { orders: WithdrawalOrders; review: OrderReview; batches: WithdrawalBatches };
  },
): void {
  const { db, applications } = deps;
  const session = { preHandler: requireSession };
  routeEndpoint(app, custodyEndpoints.myApplication, session, (request) => applications.latest(signedIn(request).userId));
  routeEndpoint(app, custodyEndpoints.apply, session, (request) =>
    applications.apply(signedIn(request).userId, request.body, callerOf(request)),
  );

  routeEndpoint(app, custodyEndpoints.me, session, async (request) =>
    meOf(await resolveConsoleCaller(db, request, 'anyMember'), deps.identity),
  );
  registerMemberRoutes(app, deps);
  registerOrganisationRoutes(app, deps);
  registerMoneyRoutes(app, deps);
  registerPoolRoutes(app, deps);
  registerOrderRoutes(app, { db, ...deps.orders });

  const review = { preHandler: deps.requireOperator('custody.review'), hide: true };
  routeEndpoint(app, adminCustodyEndpoints.applications, review, (request) => applications.list(request.query));
  routeEndpoint(app, adminCustodyEndpoints.application, review, (request) => applications.get(request.params.id));
  routeEndpoint(app, adminCustodyEndpoints.enable, review, (request) =>
    applications.enable(
      request.params.id,
      request.body.salespersonEmail,
      operatorIdentityOf(request as unknown as FastifyRequest),
      request.language,
    ),
  );
  routeEndpoint(app, adminCustodyEndpoints.reject, review, (request) =>
    applications.reject(request.params.id, request.body.reason, operatorIdentityOf(request as unknown as FastifyRequest), request.language),
  );
}
