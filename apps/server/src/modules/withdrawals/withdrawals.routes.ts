import { withdrawalEndpoints } from '@coffer/contract';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import { routeEndpoint } from '../../platform/http/endpoint-route';
import { requireSession, signedIn } from '../identity';
import { operatorAuditFields, operatorIdentityOf } from '../operators';
import type { AddressBook } from './address-book.service';
import type { Reconciliation } from './reconciliation';
import type { WithdrawalService } from './withdrawal.service';

export interface WithdrawalServices {
  withdrawals: WithdrawalService;
  addressBook: AddressBook;
  reconciliation: Reconciliation;
}

/**
 * The back office's guard for an operator call (the operators module's `requireOperator`, handed
 * in by `app.ts`): an operator session with the permission, or HTTP 401/403.
 */
export type OperatorGuard = (permission: 'reconciliation.read' | 'reconciliation.run') => preHandlerAsyncHookHandler;

/** The withdrawal and address-book calls of spec §7, and the operator's reconciliation. */
export function registerWithdrawalRoutes(
  app: FastifyInstance,
  services: WithdrawalServices,
  options: { operatorGuard: OperatorGuard },
): void {
  const guarded = { preHandler: requireSession };
  const { withdrawals, addressBook } = services;

  routeEndpoint(app, withdrawalEndpoints.userCanWithdraw, guarded, (request) => withdrawals.check(signedIn(request).userId));
  routeEndpoint(app, withdrawalEndpoints.checkUserInformation, guarded, (request) => withdrawals.information(signedIn(request).userId));
  routeEndpoint(app, withdrawalEndpoints.verifyIdCard, guarded, (request) =>
    withdrawals.verifyIdCard(signedIn(request).userId, request.body, { ip: request.ip }),
  );
  routeEndpoint(app, withdrawalEndpoints.canWithdraw, guarded, (request) =>
    withdrawals.canWithdraw(request.query.coin, request.query.chain),
  );
  routeEndpoint(app, withdrawalEndpoints.userWithdrawLimit, guarded, (request) =>
    withdrawals.limits(signedIn(request).userId, request.query.coin, request.query.chain),
  );
  routeEndpoint(app, withdrawalEndpoints.preWithdraw, guarded, (request) =>
    withdrawals.preWithdraw(signedIn(request).userId, request.body, { apiKey: request.apiKey }),
  );
  routeEndpoint(app, withdrawalEndpoints.withdrawCode, guarded, (request) =>
    withdrawals.sendCode(signedIn(request).userId, { language: request.language, ip: request.ip }),
  );
  routeEndpoint(app, withdrawalEndpoints.withdraw, guarded, (request) =>
    withdrawals.withdraw(signedIn(request).userId, request.params, request.body, { ip: request.ip, apiKey: request.apiKey }),
  );
  routeEndpoint(app, withdrawalEndpoints.confirmWithdrawal, guarded, (request) =>
    withdrawals.confirm(signedIn(request).userId, request.body.serialNumber),
  );
  routeEndpoint(app, withdrawalEndpoints.cancelWithdrawal, guarded, (request) =>
    withdrawals.cancel(signedIn(request).userId, request.body.serialNumber),
  );
  routeEndpoint(app, withdrawalEndpoints.withdrawals, guarded, (request) => withdrawals.records(signedIn(request).userId, request.query));
  routeEndpoint(app, withdrawalEndpoints.isStrangerAddress, guarded, (request) =>
    withdrawals.strangerAddress(signedIn(request).userId, request.query),
  );

  routeEndpoint(app, withdrawalEndpoints.withdrawAddresses, guarded, (request) =>
    addressBook.list(signedIn(request).userId, request.query.chain),
  );
  routeEndpoint(app, withdrawalEndpoints.addWithdrawAddress, guarded, (request) =>
    addressBook.add(signedIn(request).userId, request.body, { ip: request.ip }),
  );
  routeEndpoint(app, withdrawalEndpoints.removeWithdrawAddress, guarded, async (request) => {
    await addressBook.remove(signedIn(request).userId, request.params.id);
    return null;
  });
  routeEndpoint(app, withdrawalEndpoints.verifyTrustedAddress, guarded, (request) =>
    addressBook.trust(signedIn(request).userId, request.body, request.language, { ip: request.ip }),
  );

  routeEndpoint(app, withdrawalEndpoints.reconciliationRun, { preHandler: options.operatorGuard('reconciliation.run') }, (request) =>
    services.reconciliation.run(operatorAuditFields(operatorIdentityOf(request))),
  );
  routeEndpoint(app, withdrawalEndpoints.reconciliationLatest, { preHandler: options.operatorGuard('reconciliation.read') }, () =>
    services.reconciliation.latest(),
  );
}
