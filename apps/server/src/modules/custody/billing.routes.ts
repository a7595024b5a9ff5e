import { adminCustodyBillingEndpoints as admin, custodyBillingEndpoints as console } from '@coffer/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../../platform/db/database';
import { routeEndpoint } from '../../platform/http/endpoint-route';
import { operatorIdentityOf, type RequireOperator } from '../operators';
import type { BillPayments } from './bill-payment.service';
import { billPdf } from './bill-pdf';
import type { BillingService } from './billing.service';
import { routeConsoleDownload, routeConsoleEndpoint } from './console-guard';

/** Billing in the console (each call behind its contract permission) and in the back office (`custody.billing`). */
export function registerBillingRoutes(
  app: FastifyInstance,
  deps: { db: Db; billing: BillingService; payments: BillPayments; requireOperator: RequireOperator },
): void {
  const { db, billing, payments } = deps;
  routeConsoleEndpoint(app, db, console.bills, (request, caller) => billing.list(caller.orgId, request.query));
  routeConsoleEndpoint(app, db, console.bill, (request, caller) => billing.detail(caller.orgId, request.params.id));
  routeConsoleDownload(app, db, console.billPdf, async (request, caller, reply) => {
    const detail = await billing.detail(caller.orgId, request.params.id);
    const pdf = billPdf(caller.membership.org_name, detail);
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="coffer-custody-bill-${detail.bill.period}.pdf"`)
      .send(pdf);
  });
  routeConsoleEndpoint(app, db, console.statistics, (request, caller) => billing.statistics(caller.orgId, request.query.month));
  routeConsoleEndpoint(app, db, console.paymentMethod, (_request, caller) => billing.paymentMethod(caller.orgId));
  routeConsoleEndpoint(app, db, console.setPaymentMethod, (request, caller) => billing.setPaymentMethod(caller, request.body));

  const finance = { preHandler: deps.requireOperator('custody.billing'), hide: true };
  const operator = (request: unknown) => operatorIdentityOf(request as FastifyRequest);
  routeEndpoint(app, admin.organisations, finance, (request) => payments.organisations(request.query));
  routeEndpoint(app, admin.setRates, finance, (request) => payments.setRates(request.params.id, request.body, operator(request)));
  routeEndpoint(app, admin.markPaid, finance, (request) => payments.markPaid(request.params.id, request.body.note, operator(request)));
}
