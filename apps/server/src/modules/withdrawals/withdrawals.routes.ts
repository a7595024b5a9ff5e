import { timingSafeEqual } from 'node:crypto';
import {
  addWithdrawAddressBodySchema,
  canWithdrawCoinSchema,
  cancelWithdrawalBodySchema,
  codeSentSchema,
  confirmWithdrawalBodySchema,
  envelopeSchema,
  operatorTokenHeader,
  preWithdrawBodySchema,
  preWithdrawSchema,
  reconciliationRunSchema,
  strangerAddressQuerySchema,
  strangerAddressSchema,
  verifyIdCardBodySchema,
  verifyTrustedAddressBodySchema,
  withdrawAddressParamsSchema,
  withdrawAddressQuerySchema,
  withdrawAddressSchema,
  withdrawalPaths,
  withdrawalRecordsPageSchema,
  withdrawalRecordsQuerySchema,
  withdrawBodySchema,
  withdrawCheckSchema,
  withdrawCoinQuerySchema,
  withdrawLimitSchema,
  withdrawParamsSchema,
  withdrawResultSchema,
  withdrawUserInformationSchema,
} from '@coffer/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../platform/http/app-error';
import { successEnvelope } from '../../platform/http/envelope';
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
  if (!token || typeof given !== 'string') throw new AppError('noPermission');
  const expected = Buffer.from(token);
  const actual = Buffer.from(given);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) throw new AppError('noPermission');
}

/** The withdrawal and address-book calls of spec §7, and the operator's reconciliation. */
export function registerWithdrawalRoutes(
  app: FastifyInstance,
  services: WithdrawalServices,
  options: { operatorToken: string | undefined },
): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['withdrawals'];
  const guarded = { preHandler: requireSession };
  const { withdrawals, addressBook } = services;

  routes.get(
    withdrawalPaths.userCanWithdraw,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Withdrawal pre-check: forbidden code (-10094/-10102) and the §5 interceptions',
        response: { 200: envelopeSchema(withdrawCheckSchema) },
      },
    },
    async (request) => successEnvelope(request.language, await withdrawals.check(signedIn(request).userId)),
  );
  routes.get(
    withdrawalPaths.checkUserInformation,
    {
      ...guarded,
      schema: { tags, summary: 'Security items a withdrawal needs', response: { 200: envelopeSchema(withdrawUserInformationSchema) } },
    },
    async (request) => successEnvelope(request.language, await withdrawals.information(signedIn(request).userId)),
  );
  routes.post(
    withdrawalPaths.verifyIdCard,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'ID check of §5 (last six digits of the ID); no identity document is on file until KYC exists',
        body: verifyIdCardBodySchema,
        response: { 200: envelopeSchema(z.object({ verified: z.boolean() })) },
      },
    },
    async (request) => {
      // Identity verification (KYC) stores no document yet, so there is nothing to compare the digits with.
      await services.identity.assertNotSecurityLocked(signedIn(request).userId);
      throw new AppError('identityDocumentMissing', {}, 'idCardLast6');
    },
  );
  routes.get(
    withdrawalPaths.canWithdraw,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Whether a coin can be withdrawn on a network now',
        querystring: withdrawCoinQuerySchema,
        response: { 200: envelopeSchema(canWithdrawCoinSchema) },
      },
    },
    async (request) => successEnvelope(request.language, await withdrawals.canWithdraw(request.query.coin, request.query.chain)),
  );
  routes.get(
    withdrawalPaths.userWithdrawLimit,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Minimum, fee, available, and the 24-hour limit with what is used of it',
        querystring: withdrawCoinQuerySchema,
        response: { 200: envelopeSchema(withdrawLimitSchema) },
      },
    },
    async (request) =>
      successEnvelope(request.language, await withdrawals.limits(signedIn(request).userId, request.query.coin, request.query.chain)),
  );
  routes.post(
    withdrawalPaths.preWithdraw,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Checks a withdrawal without moving anything',
        body: preWithdrawBodySchema,
        response: { 200: envelopeSchema(preWithdrawSchema) },
      },
    },
    async (request) => successEnvelope(request.language, await withdrawals.preWithdraw(signedIn(request).userId, request.body)),
  );
  routes.post(
    withdrawalPaths.withdrawCode,
    { ...guarded, schema: { tags, summary: 'Sends the withdrawal verification code', response: { 200: envelopeSchema(codeSentSchema) } } },
    async (request) =>
      successEnvelope(
        request.language,
        await withdrawals.sendCode(signedIn(request).userId, { language: request.language, ip: request.ip }),
      ),
  );
  routes.post(
    withdrawalPaths.withdraw,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Withdraw (ordinary or internal); idempotent by requestId; holds amount + fee',
        params: withdrawParamsSchema,
        body: withdrawBodySchema,
        response: { 200: envelopeSchema(withdrawResultSchema) },
      },
    },
    async (request) =>
      successEnvelope(
        request.language,
        await withdrawals.withdraw(signedIn(request).userId, request.params, request.body, { ip: request.ip }),
      ),
  );
  routes.post(
    withdrawalPaths.confirmWithdrawal,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Second confirmation of a large withdrawal (within 5 hours)',
        body: confirmWithdrawalBodySchema,
        response: { 200: envelopeSchema(withdrawResultSchema) },
      },
    },
    async (request) => successEnvelope(request.language, await withdrawals.confirm(signedIn(request).userId, request.body.serialNumber)),
  );
  routes.post(
    withdrawalPaths.cancelWithdrawal,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Cancels a withdrawal waiting for its second confirmation',
        body: cancelWithdrawalBodySchema,
        response: { 200: envelopeSchema(withdrawResultSchema) },
      },
    },
    async (request) => successEnvelope(request.language, await withdrawals.cancel(signedIn(request).userId, request.body.serialNumber)),
  );
  routes.get(
    withdrawalPaths.withdrawals,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Withdrawal records, newest first',
        querystring: withdrawalRecordsQuerySchema,
        response: { 200: envelopeSchema(withdrawalRecordsPageSchema) },
      },
    },
    async (request) => successEnvelope(request.language, await withdrawals.records(signedIn(request).userId, request.query)),
  );
  routes.get(
    withdrawalPaths.isStrangerAddress,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Whether a destination was saved or used before',
        querystring: strangerAddressQuerySchema,
        response: { 200: envelopeSchema(strangerAddressSchema) },
      },
    },
    async (request) => successEnvelope(request.language, await withdrawals.strangerAddress(signedIn(request).userId, request.query)),
  );

  routes.get(
    withdrawalPaths.withdrawAddresses,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Address book',
        querystring: withdrawAddressQuerySchema,
        response: { 200: envelopeSchema(z.array(withdrawAddressSchema)) },
      },
    },
    async (request) => successEnvelope(request.language, await addressBook.list(signedIn(request).userId, request.query.chain)),
  );
  routes.post(
    withdrawalPaths.addWithdrawAddress,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Adds an address book entry (note ≤ 10 characters) after the second factor',
        body: addWithdrawAddressBodySchema,
        response: { 200: envelopeSchema(withdrawAddressSchema) },
      },
    },
    async (request) => successEnvelope(request.language, await addressBook.add(signedIn(request).userId, request.body, { ip: request.ip })),
  );
  routes.delete(
    withdrawalPaths.withdrawAddress,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Deletes an address book entry',
        params: withdrawAddressParamsSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await addressBook.remove(signedIn(request).userId, request.params.id);
      return successEnvelope(request.language, null);
    },
  );
  routes.post(
    withdrawalPaths.verifyTrustedAddress,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Marks an entry trusted (fund password + second factor); usable unverified after the cooling period',
        body: verifyTrustedAddressBodySchema,
        response: { 200: envelopeSchema(withdrawAddressSchema) },
      },
    },
    async (request) =>
      successEnvelope(
        request.language,
        await addressBook.trust(signedIn(request).userId, request.body, request.language, { ip: request.ip }),
      ),
  );

  routes.post(
    withdrawalPaths.reconciliationRun,
    {
      schema: {
        tags: ['operator'],
        summary: 'Runs the chain/ledger reconciliation (operator token)',
        response: { 200: envelopeSchema(reconciliationRunSchema) },
      },
    },
    async (request) => {
      assertOperator(request, options.operatorToken);
      return successEnvelope(request.language, await services.reconciliation.run());
    },
  );
  routes.get(
    withdrawalPaths.reconciliationLatest,
    {
      schema: {
        tags: ['operator'],
        summary: 'The latest reconciliation run (operator token)',
        response: { 200: envelopeSchema(reconciliationRunSchema.nullable()) },
      },
    },
    async (request) => {
      assertOperator(request, options.operatorToken);
      return successEnvelope(request.language, await services.reconciliation.latest());
    },
  );
}
