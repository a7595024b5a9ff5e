import {
  depositAddressQuerySchema,
  depositAddressSchema,
  depositPaths,
  devFaucetBodySchema,
  devFaucetSchema,
  dwOptionQuerySchema,
  dwOptionSchema,
  dwRecordsBodySchema,
  dwRecordsPageSchema,
  envelopeSchema,
  supportTokenSchema,
  supportTokensQuerySchema,
} from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { successEnvelope } from '../../platform/http/envelope';
import { requireSession, signedIn } from '../identity';
import type { DepositAddressService } from './deposit-address.service';
import type { DepositOptionsService } from './deposit-options.service';
import type { DevFaucetService } from './dev-faucet.service';
import type { DwRecordsService } from './dw-records.service';

export interface DepositServices {
  options: DepositOptionsService;
  addresses: DepositAddressService;
  records: DwRecordsService;
  /** Only on the embedded default's local chain; the route does not exist otherwise. */
  faucet: DevFaucetService | null;
}

/** The recharge calls of spec §7: options, supported coins, deposit address, records, dev faucet. */
export function registerDepositRoutes(app: FastifyInstance, services: DepositServices): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['deposits'];
  const guarded = { preHandler: requireSession };

  routes.get(
    depositPaths.dwOption,
    {
      schema: {
        tags,
        summary: 'Networks per coin for deposits and withdrawals, with minimums, confirmations and fees',
        querystring: dwOptionQuerySchema,
        response: { 200: envelopeSchema(z.array(dwOptionSchema)) },
      },
    },
    async (request) => successEnvelope(request.language, await services.options.options(request.query.coin)),
  );
  routes.get(
    depositPaths.supportTokens,
    {
      schema: {
        tags,
        summary: 'Coins that can be deposited (or withdrawn) now',
        querystring: supportTokensQuerySchema,
        response: { 200: envelopeSchema(z.array(supportTokenSchema)) },
      },
    },
    async (request) => successEnvelope(request.language, await services.options.supportTokens(request.query.type)),
  );
  routes.get(
    depositPaths.depositAddress,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'The customer’s deposit address for a coin on a network, with its QR code',
        querystring: depositAddressQuerySchema,
        response: { 200: envelopeSchema(depositAddressSchema) },
      },
    },
    async (request) => successEnvelope(request.language, await services.addresses.depositAddress(signedIn(request).userId, request.query)),
  );
  routes.post(
    depositPaths.dwRecords,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Deposit and withdrawal records (spec §3), newest first',
        body: dwRecordsBodySchema,
        response: { 200: envelopeSchema(dwRecordsPageSchema) },
      },
    },
    async (request) => successEnvelope(request.language, await services.records.page(signedIn(request).userId, request.body)),
  );
  const faucet = services.faucet;
  if (faucet) {
    routes.post(
      depositPaths.devFaucet,
      {
        ...guarded,
        schema: {
          tags,
          summary: 'Dev faucet: test coins on the local chain to the customer’s deposit address',
          body: devFaucetBodySchema,
          response: { 200: envelopeSchema(devFaucetSchema) },
        },
      },
      async (request) => successEnvelope(request.language, await faucet.drip(signedIn(request).userId, request.body.coin)),
    );
  }
}
