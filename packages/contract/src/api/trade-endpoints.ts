import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import {
  autoSwapRecordPageSchema,
  autoSwapRecordsQuerySchema,
  autoSwapSettingBodySchema,
  autoSwapSettingParamsSchema,
  autoSwapSettingSchema,
  autoSwapSettingsSchema,
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
} from './trade';
import { tradePaths } from './trade-paths';

const tags = ['trade'];

/** Spot trade by request for quote, orders and automatic swap (spec §2, §3, §4). */
export const tradeEndpoints = {
  pairs: defineEndpoint({
    apiKeyRight: 'read',
    method: 'GET',
    path: tradePaths.pairs,
    tags,
    summary: 'Tradable pairs, quote validity and fee rate',
    response: tradePairsSchema,
  }),
  quoteKeys: defineEndpoint({
    apiKeyRight: 'read',
    method: 'GET',
    path: tradePaths.quoteKeys,
    tags,
    summary: 'Ed25519 public keys that sign quotes and receipts',
    response: quoteKeysSchema,
  }),
  quote: defineEndpoint({
    apiKeyRight: 'trade',
    method: 'POST',
    path: tradePaths.quote,
    tags,
    summary: 'A firm, signed quote valid for a few seconds',
    body: quoteRequestSchema,
    response: quoteSchema,
  }),

  // ── Orders ──
  placeOrder: defineEndpoint({
    apiKeyRight: 'trade',
    method: 'POST',
    path: tradePaths.orders,
    tags,
    summary: 'Place an order from a quote (pending payment)',
    body: placeOrderBodySchema,
    response: spotOrderSchema,
  }),
  orders: defineEndpoint({
    apiKeyRight: 'read',
    method: 'GET',
    path: tradePaths.orders,
    tags,
    summary: 'My orders, filtered by pair, direction, status and time',
    query: orderListQuerySchema,
    response: orderPageSchema,
  }),
  order: defineEndpoint({
    apiKeyRight: 'read',
    method: 'GET',
    path: tradePaths.order,
    tags,
    summary: 'One order with its signed receipt',
    params: orderParamsSchema,
    response: orderDetailSchema,
  }),
  payOrder: defineEndpoint({
    apiKeyRight: 'trade',
    method: 'POST',
    path: tradePaths.payOrder,
    tags,
    summary: 'Pay and settle an order while its quote is valid',
    params: orderParamsSchema,
    response: spotOrderSchema,
  }),
  cancelOrder: defineEndpoint({
    apiKeyRight: 'trade',
    method: 'POST',
    path: tradePaths.cancelOrder,
    tags,
    summary: 'Cancel an order pending payment',
    params: orderParamsSchema,
    response: spotOrderSchema,
  }),

  // ── Automatic swap ──
  autoSwapSettings: defineEndpoint({
    apiKeyRight: 'read',
    method: 'GET',
    path: tradePaths.autoSwapSettings,
    tags,
    summary: 'Automatic swap settings',
    response: autoSwapSettingsSchema,
  }),
  saveAutoSwapSetting: defineEndpoint({
    apiKeyRight: 'trade',
    method: 'PUT',
    path: tradePaths.autoSwapSettings,
    tags,
    summary: 'Create or change the setting of one source coin',
    body: autoSwapSettingBodySchema,
    response: autoSwapSettingSchema,
  }),
  removeAutoSwapSetting: defineEndpoint({
    apiKeyRight: 'trade',
    method: 'DELETE',
    path: tradePaths.autoSwapSetting,
    tags,
    summary: 'Remove the setting of one source coin',
    params: autoSwapSettingParamsSchema,
    response: z.null(),
  }),
  autoSwapRecords: defineEndpoint({
    apiKeyRight: 'read',
    method: 'GET',
    path: tradePaths.autoSwapRecords,
    tags,
    summary: 'Automatic swap records',
    query: autoSwapRecordsQuerySchema,
    response: autoSwapRecordPageSchema,
  }),
};
