import { adminEndpoints, type OperatorListItem } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../platform/config';
import { routeEndpoint } from '../../platform/http/endpoint-route';
import type { ActivationService } from './operator-activation.service';
import {
  clearOperatorCookie,
  operatorCallerOf,
  operatorCookieName,
  operatorCookieOf,
  operatorCookieOptions,
  operatorAuditFields,
  operatorIdentityOf,
  operatorOf,
  type RequireOperator,
} from './operator-authentication';
import { profileOf, type OperatorLoginService } from './operator-login.service';

export interface OperatorServices {
  activation: ActivationService;
  login: OperatorLoginService;
  list: () => Promise<OperatorListItem[]>;
}

/** The back office's own calls (hidden from the public API document); parses, calls, answers. */
export function registerOperatorRoutes(
  app: FastifyInstance,
  services: OperatorServices,
  requireOperator: RequireOperator,
  config: Pick<AppConfig, 'COOKIE_SECURE'>,
): void {
  const hidden = { hide: true };

  routeEndpoint(app, adminEndpoints.activateStart, hidden, (request) => services.activation.start(request.body.token));
  routeEndpoint(app, adminEndpoints.activateFinish, hidden, async (request) => {
    await services.activation.finish(request.body, operatorCallerOf(request));
    return null;
  });

  routeEndpoint(app, adminEndpoints.login, hidden, async (request, reply) => {
    const { token, profile } = await services.login.login(request.body, operatorCallerOf(request));
    // The token travels only in the httpOnly cookie; a page's script never sees it.
    reply.setCookie(operatorCookieName, token, operatorCookieOptions(config));
    return profile;
  });
  routeEndpoint(app, adminEndpoints.logout, hidden, async (request, reply) => {
    await services.login.logout(operatorCookieOf(request), operatorCallerOf(request));
    clearOperatorCookie(reply);
    return null;
  });
  routeEndpoint(app, adminEndpoints.me, { ...hidden, preHandler: requireOperator() }, async (request) => profileOf(operatorOf(request)));

  routeEndpoint(app, adminEndpoints.createOperator, { ...hidden, preHandler: requireOperator('operators.manage') }, (request) => {
    return services.activation.create(request.body, {
      actor: operatorAuditFields(operatorIdentityOf(request)).actor,
      caller: operatorCallerOf(request),
    });
  });
  routeEndpoint(app, adminEndpoints.listOperators, { ...hidden, preHandler: requireOperator('operators.manage') }, () => services.list());
}
