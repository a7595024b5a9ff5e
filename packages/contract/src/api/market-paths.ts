/** Market calls: quotations, favourites and the crypto index (spec §2, §7 `/rate/...`). */
export const marketPaths = {
  quotations: '/rate/anon/api/quotations',
  quotationDetail: '/rate/anon/api/quotations/:coin',
  favourites: '/rate/api/favourites',
  favourite: '/rate/api/favourites/:coin',
  cryptoIndex: '/rate/anon/api/cryptoindex',
  cryptoIndexLatestWithTrend: '/rate/anon/api/cryptoindex/latestWithTrend',
  /** WebSocket: live quotation rows of one quote currency (`?quote=USDT`). */
  quotationsSocket: '/ws/quotations',
} as const;

/** The quote-currency variants of the quotation screens (spec §2). */
export const quoteCurrencies = ['USDT', 'USDC', 'BTC'] as const;
export type QuoteCurrency = (typeof quoteCurrencies)[number];

/** Chart ranges backed by the stored minute ticks (kept for 7 days). */
export const historyRanges = ['1h', '24h', '7d'] as const;
export type HistoryRange = (typeof historyRanges)[number];

/** Prices in a quote currency are exact quotients cut (never rounded) to this many decimals. */
export const quotePriceScale = 8;

/** The composite index's code, accepted by `latestWithTrend` beside coin codes. */
export const cryptoIndexCode = 'CCI';
