import {
  assetSummarySchema,
  assetTableSchema,
  assetsQuerySchema,
  billInfoQuerySchema,
  billSchema,
  billsExportQuerySchema,
  billsQuerySchema,
  codeSentSchema,
  currencySchema,
  envelopeSchema,
  innerAddressParamsSchema,
  innerAddressQuerySchema,
  innerAddressSchema,
  pageQuerySchema,
  pageSchema,
  preTransferBodySchema,
  preTransferSchema,
  transferBodySchema,
  transferParamsSchema,
  transferRecipientBodySchema,
  transferRecipientSchema,
  transferRecordSchema,
  walletPaths,
} from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { successEnvelope } from '../../platform/http/envelope';
import { requireSession, signedIn } from '../identity';
import type { AssetCatalogue } from './asset-catalogue';
import type { BalancesService } from './balances.service';
import { billsCsvFileName, downloadLanguage, type createBillsService } from './bills.service';
import type { createDashboardService } from './dashboard.service';
import type { createTransferService } from './transfer.service';

export interface WalletServices {
  assets: AssetCatalogue;
  balances: BalancesService;
  transfers: ReturnType<typeof createTransferService>;
  bills: ReturnType<typeof createBillsService>;
  dashboard: ReturnType<typeof createDashboardService>;
}

/** The wallet calls of spec §7: balance account, asset summary, internal transfer, bills. */
export function registerWalletRoutes(app: FastifyInstance, services: WalletServices): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['wallet'];
  const guarded = { preHandler: requireSession };

  const assetTableRoute = {
    ...guarded,
    schema: {
      tags,
      summary: 'Balance account: the asset table',
      querystring: assetsQuerySchema,
      response: { 200: envelopeSchema(assetTableSchema) },
    },
  };
  routes.get(walletPaths.bitAssets, assetTableRoute, async (request) =>
    successEnvelope(
      request.language,
      await services.balances.assetTable(signedIn(request).userId, {
        coin: request.query.coin,
        hideSmall: request.query.hideSmall === 'true',
      }),
    ),
  );
  routes.post(
    walletPaths.userAssets,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Balance account (body filters)',
        body: assetsQuerySchema,
        response: { 200: envelopeSchema(assetTableSchema) },
      },
    },
    async (request) =>
      successEnvelope(
        request.language,
        await services.balances.assetTable(signedIn(request).userId, {
          coin: request.body.coin,
          hideSmall: request.body.hideSmall === 'true',
        }),
      ),
  );
  routes.get(
    walletPaths.headAsset,
    { ...guarded, schema: { tags, summary: 'Asset summary (spec §3)', response: { 200: envelopeSchema(assetSummarySchema) } } },
    async (request) => successEnvelope(request.language, await services.balances.summary(signedIn(request).userId)),
  );
  routes.get(
    walletPaths.currencies,
    { schema: { tags, summary: 'Supported coins with chain settings', response: { 200: envelopeSchema(z.array(currencySchema)) } } },
    async (request) => successEnvelope(request.language, await services.assets.currencies()),
  );
  routes.get(
    walletPaths.tokenSwitches,
    {
      schema: {
        tags,
        summary: 'Deposit and withdrawal switches per coin',
        response: { 200: envelopeSchema(z.array(z.object({ coin: z.string(), deposit: z.boolean(), withdraw: z.boolean() }))) },
      },
    },
    async (request) =>
      successEnvelope(
        request.language,
        (await services.assets.currencies()).map((currency) => ({
          coin: currency.coin,
          deposit: currency.chains.some((chain) => chain.isDepositEnabled),
          withdraw: currency.chains.some((chain) => chain.isWithdrawalEnabled),
        })),
      ),
  );
  routes.get(
    walletPaths.userAccounts,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'The customer’s accounts (balance, loan, investment) with their value',
        response: {
          200: envelopeSchema(
            z.array(z.object({ account: z.enum(['balance', 'loan', 'investment']), usdValue: z.string(), rmbValue: z.string() })),
          ),
        },
      },
    },
    async (request) => {
      const summary = await services.balances.summary(signedIn(request).userId);
      return successEnvelope(request.language, [
        { account: 'balance' as const, ...summary.balance },
        { account: 'loan' as const, ...summary.bollateral },
        { account: 'investment' as const, ...summary.investment },
      ]);
    },
  );

  routes.get(
    walletPaths.dashboard,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Dashboard: asset trend, recent activity, quotations, news',
        response: {
          200: envelopeSchema(
            z.object({
              trend: z.array(z.object({ date: z.string(), usdValue: z.string(), rmbValue: z.string() })),
              live: z.object({ usdValue: z.string(), rmbValue: z.string() }),
              recentActivity: z.array(billSchema),
              quotations: z.array(z.object({ coin: z.string(), usdPrice: z.string(), change24h: z.string() })),
              news: z.array(z.object({ title: z.string(), url: z.string(), time: z.string() })),
              isEmpty: z.boolean(),
            }),
          ),
        },
      },
    },
    async (request) =>
      successEnvelope(request.language, await services.dashboard.userDashboard(signedIn(request).userId, request.language)),
  );

  // ── Internal transfer ──────────────────────────────────────────────────────────────────
  routes.get(
    walletPaths.isInnerAddress,
    {
      schema: {
        tags,
        summary: 'Whether a blockchain address (chain, XRP tag) is a Coffer deposit address; says nothing about customers',
        params: innerAddressParamsSchema,
        querystring: innerAddressQuerySchema,
        response: { 200: envelopeSchema(innerAddressSchema) },
      },
    },
    async (request) => successEnvelope(request.language, await services.transfers.isInnerAddress(request.params.address, request.query)),
  );
  routes.post(
    walletPaths.transferRecipient,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Transfer receiver check: a Coffer customer or not, masked (limited per hour)',
        body: transferRecipientBodySchema,
        response: { 200: envelopeSchema(transferRecipientSchema) },
      },
    },
    async (request) =>
      successEnvelope(request.language, await services.transfers.recipient(signedIn(request).userId, request.body.receiver)),
  );
  routes.post(
    walletPaths.preTransfer,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Check an internal transfer before asking for verification',
        body: preTransferBodySchema,
        response: { 200: envelopeSchema(preTransferSchema) },
      },
    },
    async (request) => successEnvelope(request.language, await services.transfers.preTransfer(signedIn(request).userId, request.body)),
  );
  routes.post(
    walletPaths.transferCode,
    { ...guarded, schema: { tags, summary: 'Send the transfer verification code', response: { 200: envelopeSchema(codeSentSchema) } } },
    async (request) =>
      successEnvelope(
        request.language,
        await services.transfers.sendCode(signedIn(request).userId, { language: request.language, ip: request.ip }),
      ),
  );
  routes.post(
    walletPaths.transfer,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Internal transfer (fund password + second factor; idempotent by requestId)',
        params: transferParamsSchema,
        body: transferBodySchema,
        response: { 200: envelopeSchema(transferRecordSchema) },
      },
    },
    async (request) =>
      successEnvelope(
        request.language,
        await services.transfers.transfer(signedIn(request).userId, request.params, request.body, { ip: request.ip }),
      ),
  );
  routes.get(
    walletPaths.transfers,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Transfer records',
        querystring: pageQuerySchema,
        response: { 200: envelopeSchema(z.array(transferRecordSchema)) },
      },
    },
    async (request) => successEnvelope(request.language, await services.transfers.records(signedIn(request).userId, request.query)),
  );

  // ── Bills ──────────────────────────────────────────────────────────────────────────────
  routes.get(
    walletPaths.userBills,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Bills, filtered by coin, type and time',
        querystring: billsQuerySchema,
        response: { 200: envelopeSchema(pageSchema(billSchema)) },
      },
    },
    async (request) => successEnvelope(request.language, await services.bills.page(signedIn(request).userId, request.query)),
  );
  routes.get(
    walletPaths.billInfo,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'One bill with its detail',
        querystring: billInfoQuerySchema,
        response: { 200: envelopeSchema(billSchema) },
      },
    },
    async (request) => successEnvelope(request.language, await services.bills.info(signedIn(request).userId, request.query.id)),
  );
  routes.get(
    walletPaths.billsExport,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Bills of at most 3 months as CSV (streamed), in the caller’s language',
        querystring: billsExportQuerySchema,
      },
    },
    async (request, reply) => {
      const fileName = billsCsvFileName(request.query);
      const stream = services.bills.exportCsv(
        signedIn(request).userId,
        request.query,
        downloadLanguage(request.query.lang, request.language),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .send(stream);
    },
  );
}
