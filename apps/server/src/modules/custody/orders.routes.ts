import { custodyConsoleEndpoints as console } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import type { WithdrawalBatches } from './batch.service';
import type { Db } from '../../platform/db/database';
import { routeConsoleDownload, routeConsoleEndpoint } from './console-guard';
import type { OrderReview } from './order-review.service';
import type { WithdrawalOrders } from './orders.service';

/** Withdrawal orders in the console (issue 18): list, detail, submit, dry run, approve, reject; batches by CSV. */
export function registerOrderRoutes(
  app: FastifyInstance,
  deps: { db: Db; orders: WithdrawalOrders; review: OrderReview; batches: WithdrawalBatches },
): void {
  const { db, orders, review, batches } = deps;
  routeConsoleEndpoint(app, db, console.orders, (request, caller) => orders.page(caller.orgId, request.query));
  routeConsoleEndpoint(app, db, console.order, (request, caller) => orders.detail(caller.orgId, request.params.id, request.language));
  routeConsoleEndpoint(app, db, console.orderLines, (_request, caller) => orders.lines(caller.orgId));
  routeConsoleEndpoint(app, db, console.submitOrder, (request, caller) => orders.submit(caller, request.body, request.language));
  routeConsoleEndpoint(app, db, console.orderDryRun, (request, caller) => orders.dryRun(caller, request.body, request.language));
  routeConsoleEndpoint(app, db, console.approveOrder, (request, caller) =>
    review.approve(caller, request.params.id, request.body, request.language),
  );
  routeConsoleEndpoint(app, db, console.approvalOptions, (request, caller) => review.approvalOptions(caller, request.params.id));
  routeConsoleEndpoint(app, db, console.rejectOrder, (request, caller) =>
    review.reject(caller, request.params.id, request.body.opinion, request.language),
  );
  routeConsoleDownload(app, db, console.batchTemplate, async (request, caller, reply) => {
    const file = await batches.template(caller.orgId, request.query.lineId);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .send(file.body);
  });
  routeConsoleEndpoint(app, db, console.batchValidate, (request, caller) => batches.validate(caller, request.body, request.language));
  routeConsoleEndpoint(app, db, console.submitBatch, (request, caller) => batches.submit(caller, request.body, request.language));
}
