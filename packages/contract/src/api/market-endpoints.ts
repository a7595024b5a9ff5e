import { defineEndpoint } from './endpoint';
import {
  cryptoIndexSchema,
  favouriteParamsSchema,
  favouritesSchema,
  latestWithTrendQuerySchema,
  latestWithTrendSchema,
  quotationDetailParamsSchema,
  quotationDetailQuerySchema,
  quotationDetailSchema,
  quotationListSchema,
  quotationsQuerySchema,
} from './market';
import { marketPaths } from './market-paths';

const tags = ['market'];

/** Quotations, favourites and the crypto index (spec §2, §3, §7 `/rate/...`); the live feed is a WebSocket. */
export const marketEndpoints = {
  quotations: defineEndpoint({
    apiKeyRight: 'read',
    method: 'GET',
    path: marketPaths.quotations,
    tags,
    summary: 'Quotations in one quote currency (USDT, USDC or BTC)',
    query: quotationsQuerySchema,
    response: quotationListSchema,
  }),
  quotationDetail: defineEndpoint({
    apiKeyRight: 'read',
    method: 'GET',
    path: marketPaths.quotationDetail,
    tags,
    summary: 'One coin: quotation and price history for a chart',
    params: quotationDetailParamsSchema,
    query: quotationDetailQuerySchema,
    response: quotationDetailSchema,
  }),
  favourites: defineEndpoint({
    method: 'GET',
    path: marketPaths.favourites,
    tags,
    summary: "The caller's favourite coins",
    response: favouritesSchema,
  }),
  addFavourite: defineEndpoint({
    method: 'POST',
    path: marketPaths.favourite,
    tags,
    summary: 'Add a favourite coin',
    params: favouriteParamsSchema,
    response: favouritesSchema,
  }),
  removeFavourite: defineEndpoint({
    method: 'DELETE',
    path: marketPaths.favourite,
    tags,
    summary: 'Remove a favourite coin',
    params: favouriteParamsSchema,
    response: favouritesSchema,
  }),
  cryptoIndex: defineEndpoint({
    method: 'GET',
    path: marketPaths.cryptoIndex,
    tags,
    summary: 'Crypto index: level, composition, sample and calculation inputs',
    response: cryptoIndexSchema,
  }),
  cryptoIndexLatestWithTrend: defineEndpoint({
    method: 'GET',
    path: marketPaths.cryptoIndexLatestWithTrend,
    tags,
    summary: 'Latest index level or coin prices (USD) with a 24-hour hourly trend',
    query: latestWithTrendQuerySchema,
    response: latestWithTrendSchema,
  }),
};
