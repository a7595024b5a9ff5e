/** Spot trade (request for quote), orders and automatic swap: spec §2 trade screens, §3, §4. */
export const tradePaths = {
  /** Anonymous: tradable pairs, quote validity, fee rate. */
  pairs: '/trade/anon/pairs',
  /** Anonymous: the Ed25519 public keys that sign quotes and receipts. */
  quoteKeys: '/trade/anon/quote-keys',
  /** Ask for a firm, signed quote. Calls live under /trade/api so no page path (§2 /trade/orders…) is an API route. */
  quote: '/trade/api/quote',
  /** Place an order from a quote (answers the order in pendingPayment). */
  orders: '/trade/api/orders',
  /** One order with its signed receipt. */
  order: '/trade/api/orders/:orderNo',
  payOrder: '/trade/api/orders/:orderNo/pay',
  cancelOrder: '/trade/api/orders/:orderNo/cancel',
  /** GET: the customer's settings; PUT: create or change one source → target setting. */
  autoSwapSettings: '/trade/auto-swap/settings',
  /** DELETE one setting by source coin. */
  autoSwapSetting: '/trade/auto-swap/settings/:sourceCoin',
  autoSwapRecords: '/trade/auto-swap/records',
} as const;

/** Spot order payment states of spec §4. */
export const spotOrderStatuses = [
  'pendingPayment',
  'pendingSettlement',
  'inProgress',
  'completed',
  'cancelled',
  'refunded',
  'abnormal',
] as const;
export type SpotOrderStatus = (typeof spotOrderStatuses)[number];

/** Auto-swap order states of spec §4. */
export const autoSwapStatuses = ['accepted', 'processing', 'settling', 'completed', 'cancelled', 'rejected', 'unsettle'] as const;
export type AutoSwapStatus = (typeof autoSwapStatuses)[number];

export const tradeSides = ['buy', 'sell'] as const;
export type TradeSide = (typeof tradeSides)[number];
