import { timingSafeEqual } from 'node:crypto';
import { operatorTokenHeader, withdrawalEndpoints } from '@coffer/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { withdrawalError } from './withdrawals.errors';
import { routeEndpoint } from '../../platform/http/endpoint-route';
import type { IdentityApi } from '../identity';
import { requireSession, signedIn } from '../identity';
import type { AddressBook } from './address-book.service';
import type { Reconciliation } from './reconciliation';
import type { WithdrawalService } from './withdrawal.service';

export interface WithdrawalServices {
  withdrawals: WithdrawalService;
  addressBook: AddressBook;
  reconciliation: Reconciliation;
  identity: IdentityApi;
}

/** Operator calls answer only to the configured token; without one they refuse everyone. */
function assertOperator(request: FastifyRequest, token: string | undefined): void {
  const given = request.headers[operatorTokenHeader];
  if (!token || typeof given !== 'string') throw withdrawalError('noPermission');
  const expected = Buffer.from(token);
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) throw withdrawalError('noPermission');
}

/** The withdrawal and address-book calls of spec §7, and the operator's reconciliation. */
export function registerWithdrawalRoutes(
  app: FastifyInstance,
  services: WithdrawalServices,
  options: { operatorToken: string | undefined },
): void {
  const guarded = { preHandler: requireSession };
  const { withdrawals, addressBook } = services;

  routeEndpoint(app, withdrawalEndpoints.userCanWithdraw, guarded, (request) => withdrawals.check(signedIn(request).userId));
  routeEndpoint(app, withdrawalEndpoints.checkUserInformation, guarded, (request) => withdrawals.information(signedIn(request).userId));
  routeEndpoint(app, withdrawalEndpoints.verifyIdCard, guarded, async (request) => {
    // Identity verification (KYC) stores no document yet, so there is nothing to compare the digits with.
    await services.identity.assertNotSecurityLocked(signedIn(request).userId);
    throw withdrawalError('identityDocumentMissing', {}, 'idCardLast6');
  });
  routeEndpoint(app, withdrawalEndpoints.canWithdraw, guarded, (request) =>
    withdrawals.canWithdraw(request.query.coin, request.query.chain),
  );
  routeEndpoint(app, withdrawalEndpoints.userWithdrawLimit, guarded, (request) =>
    withdrawals.limits(signedIn(request).userId, request.query.coin, request.query.chain),
  );
  routeEndpoint(app, withdrawalEndpoints.preWithdraw, guarded, (request) =>
    withdrawals.preWithdraw(signedIn(request).userId, request.body),
  );
  routeEndpoint(app, withdrawalEndpoints.withdrawCode, guarded, (request) =>
    withdrawals.sendCode(signedIn(request).userId, { language: request.language, ip: request.ip }),
  );
  routeEndpoint(app, withdrawalEndpoints.withdraw, guarded, (request) =>
    withdrawals.withdraw(signedIn(request).userId, request.params, request.body, { ip: request.ip }),
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

  routeEndpoint(app, withdrawalEndpoints.reconciliationRun, {}, async (request) => {
    assertOperator(request, options.operatorToken);
    return services.reconciliation.run();
  });
  routeEndpoint(app, withdrawalEndpoints.reconciliationLatest, {}, async (request) => {
    assertOperator(request, options.operatorToken);
    return services.reconciliation.latest();
  });
}
