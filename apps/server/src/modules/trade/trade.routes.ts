import {
  autoSwapRecordPageSchema,
  autoSwapRecordsQuerySchema,
  autoSwapSettingBodySchema,
  autoSwapSettingParamsSchema,
  autoSwapSettingSchema,
  autoSwapSettingsSchema,
  envelopeSchema,
  orderDetailSchema,
  orderListQuerySchema,
  orderPageSchema,
  orderParamsSchema,
  placeOrderBodySchema,
  quoteKeysSchema,
  quoteRequestSchema,
  quoteSchema,
  spotOrderSchema,
  tradePairsSchema,
  tradePaths,
} from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { successEnvelope } from '../../platform/http/envelope';
import { requireSession, signedIn } from '../identity';
import type { AutoSwapService } from './auto-swap.service';
import type { OrderService } from './order.service';
import type { QuoteService } from './quote.service';

export interface TradeServices {
  quotes: QuoteService;
  orders: OrderService;
  autoSwap: AutoSwapService;
}

/** Spot trade by request for quote, orders and automatic swap (spec §2, §3, §4). */
export function registerTradeRoutes(app: FastifyInstance, services: TradeServices): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['trade'];
  const guarded = { preHandler: requireSession };

  routes.get(
    tradePaths.pairs,
    { schema: { tags, summary: 'Tradable pairs, quote validity and fee rate', response: { 200: envelopeSchema(tradePairsSchema) } } },
    async (request) => successEnvelope(request.language, await services.quotes.pairs()),
  );
  routes.get(
    tradePaths.quoteKeys,
    { schema: { tags, summary: 'Ed25519 public keys that sign quotes and receipts', response: { 200: envelopeSchema(quoteKeysSchema) } } },
    async (request) => successEnvelope(request.language, await services.quotes.keys()),
  );
  routes.post(
    tradePaths.quote,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'A firm, signed quote valid for a few seconds',
        body: quoteRequestSchema,
        response: { 200: envelopeSchema(quoteSchema) },
      },
    },
    async (request) => successEnvelope(request.language, await services.quotes.quote(signedIn(request).userId, request.body)),
  );

  routes.post(
    tradePaths.orders,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Place an order from a quote (pending payment)',
        body: placeOrderBodySchema,
        response: { 200: envelopeSchema(spotOrderSchema) },
      },
    },
    async (request) => successEnvelope(request.language, await services.orders.place(signedIn(request).userId, request.body.quoteId)),
  );
  routes.get(
    tradePaths.orders,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'My orders, filtered by pair, direction, status and time',
        querystring: orderListQuerySchema,
        response: { 200: envelopeSchema(orderPageSchema) },
      },
    },
    async (request) => successEnvelope(request.language, await services.orders.list(signedIn(request).userId, request.query)),
  );
  routes.get(
    tradePaths.order,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'One order with its signed receipt',
        params: orderParamsSchema,
        response: { 200: envelopeSchema(orderDetailSchema) },
      },
    },
    async (request) => successEnvelope(request.language, await services.orders.detail(signedIn(request).userId, request.params.orderNo)),
  );
  routes.post(
    tradePaths.payOrder,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Pay and settle an order while its quote is valid',
        params: orderParamsSchema,
        response: { 200: envelopeSchema(spotOrderSchema) },
      },
    },
    async (request) => successEnvelope(request.language, await services.orders.pay(signedIn(request).userId, request.params.orderNo)),
  );
  routes.post(
    tradePaths.cancelOrder,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Cancel an order pending payment',
        params: orderParamsSchema,
        response: { 200: envelopeSchema(spotOrderSchema) },
      },
    },
    async (request) => successEnvelope(request.language, await services.orders.cancel(signedIn(request).userId, request.params.orderNo)),
  );

  routes.get(
    tradePaths.autoSwapSettings,
    { ...guarded, schema: { tags, summary: 'Automatic swap settings', response: { 200: envelopeSchema(autoSwapSettingsSchema) } } },
    async (request) => successEnvelope(request.language, await services.autoSwap.settings(signedIn(request).userId)),
  );
  routes.put(
    tradePaths.autoSwapSettings,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Create or change the setting of one source coin',
        body: autoSwapSettingBodySchema,
        response: { 200: envelopeSchema(autoSwapSettingSchema) },
      },
    },
    async (request) => successEnvelope(request.language, await services.autoSwap.saveSetting(signedIn(request).userId, request.body)),
  );
  routes.delete(
    tradePaths.autoSwapSetting,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Remove the setting of one source coin',
        params: autoSwapSettingParamsSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      await services.autoSwap.removeSetting(signedIn(request).userId, request.params.sourceCoin);
      return successEnvelope(request.language, null);
    },
  );
  routes.get(
    tradePaths.autoSwapRecords,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Automatic swap records',
        querystring: autoSwapRecordsQuerySchema,
        response: { 200: envelopeSchema(autoSwapRecordPageSchema) },
      },
    },
    async (request) => successEnvelope(request.language, await services.autoSwap.records(signedIn(request).userId, request.query)),
  );
}
