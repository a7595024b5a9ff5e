import { z } from 'zod';
import { amountSchema, coinSchema, pageQueryFields, pageSchema } from './primitives';
import { recordIdSchema } from './record-id';
import { autoSwapStatuses, spotOrderStatuses, tradeSides } from './trade-paths';

/** "BTC/USDT": base coin / quote coin. */
const pair = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{2,10}\/[A-Z0-9]{2,10}$/);
const orderNo = recordIdSchema('orderNotFound');

export const tradeSideSchema = z.enum(tradeSides);
export const spotOrderStatusSchema = z.enum(spotOrderStatuses);
export const autoSwapStatusSchema = z.enum(autoSwapStatuses);

// ── Pairs and keys ─────────────────────────────────────────────────────────────────────

export const tradePairSchema = z.object({
  pair: z.string(),
  baseCoin: z.string(),
  quoteCoin: z.string(),
  baseScale: z.number().int(),
  quoteScale: z.number().int(),
  /** Decimals of the unit price (quote coin per one base coin). */
  priceScale: z.number().int(),
  /** Indicative mid price from the market; the firm price comes with a quote. */
  indicativePrice: z.string().nullable(),
});
export type TradePair = z.infer<typeof tradePairSchema>;

export const tradePairsSchema = z.object({
  pairs: z.array(tradePairSchema),
  /** How long a quote stays payable (spec §4: the validity seconds shown with the quote). */
  quoteTtlSeconds: z.number().int(),
  /** Fee rate as a decimal fraction ("0.001" = 0.1 %), charged in the coin received. */
  feeRate: z.string(),
});
export type TradePairs = z.infer<typeof tradePairsSchema>;

export const quoteKeySchema = z.object({
  keyId: z.string(),
  algorithm: z.literal('Ed25519'),
  /** The raw 32-byte public key, base64. */
  publicKey: z.string(),
  /** The same key as SPKI PEM. */
  publicKeyPem: z.string(),
});
export const quoteKeysSchema = z.object({ keys: z.array(quoteKeySchema) });
export type QuoteKey = z.infer<typeof quoteKeySchema>;

// ── Quotes ─────────────────────────────────────────────────────────────────────────────

export const quoteRequestSchema = z.object({
  pair,
  side: tradeSideSchema,
  /** The fixed amount, in `amountCoin` (either coin of the pair). */
  amount: amountSchema,
  amountCoin: coinSchema,
});
export type QuoteRequest = z.infer<typeof quoteRequestSchema>;

/** The fields every quote, order and receipt carries; exactly the signed ones plus the fee rate. */
const quotedTermsShape = {
  quoteId: z.string(),
  pair: z.string(),
  baseCoin: z.string(),
  quoteCoin: z.string(),
  side: tradeSideSchema,
  /** Unit price: quote coin per one base coin. */
  price: z.string(),
  baseAmount: z.string(),
  quoteAmount: z.string(),
  payCoin: z.string(),
  payAmount: z.string(),
  receiveCoin: z.string(),
  /** What the customer receives, after the fee. */
  receiveAmount: z.string(),
  feeCoin: z.string(),
  fee: z.string(),
  feeRate: z.string(),
  expiresAt: z.string(),
};

/**
 * How a paid order settles: `immediate` — against the desk, in the pay itself; `channel` — a
 * large order (at least TRADE_CHANNEL_MIN_USD): the payment is held, the order goes to the
 * liquidity channel (inProgress) and completes when the channel fills it, or is refunded
 * when the channel rejects it.
 */
export const tradeSettlements = ['immediate', 'channel'] as const;
export const tradeSettlementSchema = z.enum(tradeSettlements);
export type TradeSettlement = z.infer<typeof tradeSettlementSchema>;

export const quoteSchema = z.object({
  ...quotedTermsShape,
  settlement: tradeSettlementSchema,
  issuedAt: z.string(),
  validitySeconds: z.number().int(),
  /** Ed25519 signature (base64) over `quoteSigningText` of the signed fields. */
  signature: z.string(),
  keyId: z.string(),
});
export type Quote = z.infer<typeof quoteSchema>;

// ── Orders ─────────────────────────────────────────────────────────────────────────────

export const placeOrderBodySchema = z.object({ quoteId: recordIdSchema('quoteNotFound') });
export type PlaceOrderBody = z.infer<typeof placeOrderBodySchema>;

export const orderParamsSchema = z.object({ orderNo });

/** Spec §3 spot order: pair, direction, unit price, number, amount, status, order time. */
export const spotOrderSchema = z.object({
  orderNo: z.string(),
  ...quotedTermsShape,
  status: spotOrderStatusSchema,
  settlement: tradeSettlementSchema,
  /** Order time. */
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  /** When a channel order's held payment was returned (status refunded). */
  refundedAt: z.string().nullable(),
  /**
   * Why an order was cancelled, refunded or became abnormal: 'customer', 'quoteExpired',
   * 'settlementFailed', 'channelRejected' (refunded), 'channelUnavailable' (abnormal, retried).
   */
  statusReason: z.string().nullable(),
  /** True while pendingPayment and the quote is still valid. */
  isPayable: z.boolean(),
});
export type SpotOrder = z.infer<typeof spotOrderSchema>;

export const orderListQuerySchema = z.object({
  pair: pair.optional(),
  side: tradeSideSchema.optional(),
  status: spotOrderStatusSchema.optional(),
  /** ISO dates or date-times; the range is [start, end) over the order time. */
  start: z.string().trim().max(40).optional(),
  end: z.string().trim().max(40).optional(),
  ...pageQueryFields({ maxPageNo: 100_000, defaultPageSize: 20 }),
});
export type OrderListQuery = z.infer<typeof orderListQuerySchema>;

export const orderPageSchema = pageSchema(spotOrderSchema);
export type OrderPage = z.infer<typeof orderPageSchema>;

/** Everything needed to verify the quote's signature independently. */
export const tradeReceiptSchema = z.object({
  algorithm: z.literal('Ed25519'),
  keyId: z.string(),
  /** The raw public key (base64) the signature verifies with. */
  publicKey: z.string(),
  signedFields: z.object({
    keyId: z.string(),
    quoteId: z.string(),
    pair: z.string(),
    side: tradeSideSchema,
    price: z.string(),
    baseAmount: z.string(),
    quoteAmount: z.string(),
    payCoin: z.string(),
    payAmount: z.string(),
    receiveCoin: z.string(),
    receiveAmount: z.string(),
    feeCoin: z.string(),
    fee: z.string(),
    expiresAt: z.string(),
  }),
  /** `quoteSigningText(signedFields)`, the exact signed text. */
  signedText: z.string(),
  signature: z.string(),
  /** The ledger journal that settled the order, once completed. */
  journalId: z.string().nullable(),
});
export type TradeReceipt = z.infer<typeof tradeReceiptSchema>;

export const orderDetailSchema = spotOrderSchema.extend({ receipt: tradeReceiptSchema });
export type OrderDetail = z.infer<typeof orderDetailSchema>;

// ── Automatic swap ─────────────────────────────────────────────────────────────────────

export const autoSwapSettingSchema = z.object({
  sourceCoin: z.string(),
  targetCoin: z.string(),
  enabled: z.boolean(),
  updatedAt: z.string(),
});
export type AutoSwapSetting = z.infer<typeof autoSwapSettingSchema>;

/** One setting per source coin: deposits of the source coin are converted to the target coin. */
export const autoSwapSettingBodySchema = z.object({
  sourceCoin: coinSchema,
  targetCoin: coinSchema,
  enabled: z.boolean(),
});
export type AutoSwapSettingBody = z.infer<typeof autoSwapSettingBodySchema>;

export const autoSwapSettingParamsSchema = z.object({ sourceCoin: coinSchema });

export const autoSwapSettingsSchema = z.object({
  settings: z.array(autoSwapSettingSchema),
  /** Source → target combinations that can be converted (the tradable pairs, both ways). */
  supported: z.array(z.object({ sourceCoin: z.string(), targetCoin: z.string() })),
});
export type AutoSwapSettings = z.infer<typeof autoSwapSettingsSchema>;

/** Spec §3 auto-swap order: source coin, target coin, time, price, status; driven by a magic key. */
export const autoSwapRecordSchema = z.object({
  id: z.string(),
  /** The "magic key": the deposit journal that triggered the swap (one swap per deposit). */
  magicKey: z.string(),
  sourceCoin: z.string(),
  targetCoin: z.string(),
  sourceAmount: z.string(),
  /** Received in the target coin after the fee; null until priced. */
  targetAmount: z.string().nullable(),
  fee: z.string().nullable(),
  price: z.string().nullable(),
  pair: z.string().nullable(),
  status: autoSwapStatusSchema,
  /** Why a swap was rejected, cancelled or left unsettled. */
  statusReason: z.string().nullable(),
  time: z.string(),
  completedAt: z.string().nullable(),
});
export type AutoSwapRecord = z.infer<typeof autoSwapRecordSchema>;

export const autoSwapRecordsQuerySchema = z.object({
  sourceCoin: coinSchema.optional(),
  status: autoSwapStatusSchema.optional(),
  start: z.string().trim().max(40).optional(),
  end: z.string().trim().max(40).optional(),
  ...pageQueryFields({ maxPageNo: 100_000, defaultPageSize: 20 }),
});
export type AutoSwapRecordsQuery = z.infer<typeof autoSwapRecordsQuerySchema>;

export const autoSwapRecordPageSchema = pageSchema(autoSwapRecordSchema);
export type AutoSwapRecordPage = z.infer<typeof autoSwapRecordPageSchema>;
