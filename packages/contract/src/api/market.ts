import { z } from 'zod';
import { cryptoIndexCode, historyRanges, quoteCurrencies } from './market-paths';
import { coinSchema } from './primitives';

const decimal = z.string().regex(/^\d+(\.\d+)?$/);
const signedPercent = z.string().regex(/^-?\d+\.\d{2}$/);

export const quoteCurrencySchema = z.enum(quoteCurrencies);

/** Spec §3 quotation: price, 24 h change, high, low, index weight, in one quote currency. */
export const quotationSchema = z.object({
  coin: z.string(),
  name: z.string(),
  icon: z.string(),
  quote: quoteCurrencySchema,
  /** `coin/quote`, e.g. `BTC/USDT`. */
  pair: z.string(),
  price: decimal,
  usdPrice: decimal,
  change24h: signedPercent,
  high24h: decimal,
  low24h: decimal,
  /** Weight in the crypto index in percent, or null for a coin outside it. */
  indexWeight: decimal.nullable(),
});
export type Quotation = z.infer<typeof quotationSchema>;

/** One reading of the board: `seq` numbers the live tick it reflects. */
export const quotationBoardSchema = z.object({
  quote: quoteCurrencySchema,
  seq: z.number().int(),
  updatedAt: z.string(),
  priceScale: z.number().int(),
  rows: z.array(quotationSchema),
});
export type QuotationBoard = z.infer<typeof quotationBoardSchema>;

export const quotationListSchema = quotationBoardSchema.extend({
  /** The signed-in caller's favourite coins; empty for a visitor. */
  favourites: z.array(z.string()),
});
export type QuotationList = z.infer<typeof quotationListSchema>;

export const quotationsQuerySchema = z.object({
  quote: quoteCurrencySchema.default('USDT'),
});

export const quotationDetailParamsSchema = z.object({ coin: coinSchema });
export const quotationDetailQuerySchema = z.object({
  quote: quoteCurrencySchema.default('USDT'),
  range: z.enum(historyRanges).default('24h'),
});

export const pricePointSchema = z.object({ time: z.string(), price: decimal });
export type PricePoint = z.infer<typeof pricePointSchema>;

export const quotationDetailSchema = z.object({
  quotation: quotationSchema,
  range: z.enum(historyRanges),
  /** Close price per interval, oldest first. */
  series: z.array(pricePointSchema),
  isFavourite: z.boolean(),
});
export type QuotationDetail = z.infer<typeof quotationDetailSchema>;

export const favouriteParamsSchema = z.object({ coin: coinSchema });
export const favouritesSchema = z.object({ coins: z.array(z.string()) });

/** One constituent of the crypto index (spec §3: token, weight, exchange, pair). */
export const indexConstituentSchema = z.object({
  coin: z.string(),
  name: z.string(),
  weight: decimal,
  exchange: z.string(),
  pair: z.string(),
  usdPrice: decimal,
  supply: z.string(),
  marketCap: decimal,
});
export type IndexConstituent = z.infer<typeof indexConstituentSchema>;

export const cryptoIndexSchema = z.object({
  code: z.literal(cryptoIndexCode),
  value: decimal,
  change24h: signedPercent,
  baseValue: decimal,
  baseDate: z.string(),
  divisor: decimal,
  totalMarketCap: decimal,
  constituents: z.array(indexConstituentSchema),
  updatedAt: z.string(),
});
export type CryptoIndex = z.infer<typeof cryptoIndexSchema>;

export const latestWithTrendQuerySchema = z.object({
  /** Comma-separated codes: the index (`CCI`) and/or coins; the index when absent. */
  currencies: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((value, context) => {
      const codes = (value ? value.split(',') : [cryptoIndexCode]).map((code) => code.trim().toUpperCase()).filter(Boolean);
      if (codes.length === 0 || codes.length > 20 || codes.some((code) => !/^[A-Z0-9]{2,10}$/.test(code))) {
        context.addIssue({ code: 'custom', message: 'a comma-separated list of 1 to 20 codes' });
        return z.NEVER;
      }
      return [...new Set(codes)];
    }),
});

export const latestWithTrendItemSchema = z.object({
  currency: z.string(),
  /** USD value: the index level, or the coin's price. */
  value: decimal,
  change24h: signedPercent,
  trend: z.array(z.object({ time: z.string(), value: decimal })),
});
export const latestWithTrendSchema = z.array(latestWithTrendItemSchema);
export type LatestWithTrendItem = z.infer<typeof latestWithTrendItemSchema>;

/** Messages on the quotations WebSocket. */
export const quotationSocketMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('board'), board: quotationBoardSchema }),
  z.object({ type: z.literal('error'), message: z.string() }),
]);
export type QuotationSocketMessage = z.infer<typeof quotationSocketMessageSchema>;
