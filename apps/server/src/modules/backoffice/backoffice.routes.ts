import { Readable } from 'node:stream';
import { adminConsoleEndpoints, type OperatorPermission } from '@coffer/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routeEndpoint, routeEndpointRaw } from '../../platform/http/endpoint-route';
import { operatorAuditFields, operatorIdentityOf, type RequireOperator } from '../operators';
import type { Reconciliation } from '../withdrawals';
import type { AuditConsole } from './audit-console.service';
import { reconciliationRunViewOf } from './backoffice-views';
import type { CustomerConsole } from './customer-console.service';

export interface BackofficeServices {
  customers: CustomerConsole;
  audit: AuditConsole;
  reconciliation: Pick<Reconciliation, 'history'>;
}

/** How many past reconciliation runs the history shows. */
const reconciliationHistoryRuns = 100;

/** The back office's customer, audit and reconciliation calls, each behind its permission (hidden from the public API document). */
export function registerBackofficeRoutes(app: FastifyInstance, services: BackofficeServices, requireOperator: RequireOperator): void {
  const allowed = (permission: OperatorPermission) => ({ preHandler: requireOperator(permission), hide: true });
  const operator = (request: unknown) => operatorAuditFields(operatorIdentityOf(request as FastifyRequest));
  const endpoints = adminConsoleEndpoints;

  routeEndpoint(app, endpoints.searchCustomers, allowed('customers.read'), (request) => services.customers.search(request.query.q));
  routeEndpoint(app, endpoints.customer, allowed('customers.read'), (request) =>
    services.customers.profile(request.params.userId, operator(request)),
  );
  routeEndpoint(app, endpoints.lockCustomer, allowed('customers.lock'), (request) =>
    services.customers.lock(request.params.userId, request.body.reason, operator(request)),
  );
  routeEndpoint(app, endpoints.unlockCustomer, allowed('customers.lock'), (request) =>
    services.customers.unlock(request.params.userId, request.body.reason, operator(request)),
  );

  routeEndpoint(app, endpoints.audit, allowed('audit.read'), (request) => services.audit.search(request.query));
  routeEndpointRaw(app, endpoints.auditExport, allowed('audit.export'), async (request, reply) => {
    const { fileName, csv } = await services.audit.exportCsv(request.query, operator(request));
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${fileName}"`)
      .header('cache-control', 'no-store')
      .send(Readable.from(csv));
  });
  routeEndpoint(app, endpoints.auditVerify, allowed('audit.read'), () => services.audit.verify());

  routeEndpoint(app, endpoints.reconciliationHistory, allowed('reconciliation.read'), async () =>
    (await services.reconciliation.history(reconciliationHistoryRuns)).map(reconciliationRunViewOf),
  );
}
