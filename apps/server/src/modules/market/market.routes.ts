import fastifyWebsocket from '@fastify/websocket';
import {
  cryptoIndexSchema,
  envelopeSchema,
  errorMessage,
  favouriteParamsSchema,
  favouritesSchema,
  latestWithTrendQuerySchema,
  latestWithTrendSchema,
  marketPaths,
  quotationDetailParamsSchema,
  quotationDetailQuerySchema,
  quotationDetailSchema,
  quotationListSchema,
  quotationsQuerySchema,
  quoteCurrencySchema,
} from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { successEnvelope } from '../../platform/http/envelope';
import { requireSession, signedIn } from '../identity';
import type { createCryptoIndexService } from './crypto-index.service';
import type { FavouritesService } from './favourites.service';
import type { QuotationFeed } from './quotation-feed';
import type { QuotationsService } from './quotations.service';

export interface MarketServices {
  quotations: QuotationsService;
  favourites: FavouritesService;
  cryptoIndex: ReturnType<typeof createCryptoIndexService>;
  feed: QuotationFeed;
}

const socketMessageSchema = z.object({ type: z.literal('subscribe'), quote: quoteCurrencySchema });
const socketQuerySchema = z.object({ quote: quoteCurrencySchema.default('USDT') });
const maxSocketMessageBytes = 1024;

/** Quotations, favourites and the crypto index (spec §2, §3, §7 `/rate/...`), and the live feed. */
export async function registerMarketRoutes(app: FastifyInstance, services: MarketServices): Promise<void> {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['market'];
  const guarded = { preHandler: requireSession };

  routes.get(
    marketPaths.quotations,
    {
      schema: {
        tags,
        summary: 'Quotations in one quote currency (USDT, USDC or BTC)',
        querystring: quotationsQuerySchema,
        response: { 200: envelopeSchema(quotationListSchema) },
      },
    },
    async (request) => {
      const [board, favourites] = await Promise.all([
        services.quotations.board(request.query.quote),
        request.session ? services.favourites.list(request.session.userId) : Promise.resolve([]),
      ]);
      return successEnvelope(request.language, { ...board, favourites });
    },
  );
  routes.get(
    marketPaths.quotationDetail,
    {
      schema: {
        tags,
        summary: 'One coin: quotation and price history for a chart',
        params: quotationDetailParamsSchema,
        querystring: quotationDetailQuerySchema,
        response: { 200: envelopeSchema(quotationDetailSchema) },
      },
    },
    async (request) => {
      const detail = await services.quotations.detail(request.params.coin, request.query.quote, request.query.range);
      const isFavourite = request.session ? await services.favourites.has(request.session.userId, detail.quotation.coin) : false;
      return successEnvelope(request.language, { ...detail, isFavourite });
    },
  );
  routes.get(
    marketPaths.favourites,
    { ...guarded, schema: { tags, summary: "The caller's favourite coins", response: { 200: envelopeSchema(favouritesSchema) } } },
    async (request) => successEnvelope(request.language, { coins: await services.favourites.list(signedIn(request).userId) }),
  );
  routes.post(
    marketPaths.favourite,
    {
      ...guarded,
      schema: { tags, summary: 'Add a favourite coin', params: favouriteParamsSchema, response: { 200: envelopeSchema(favouritesSchema) } },
    },
    async (request) =>
      successEnvelope(request.language, { coins: await services.favourites.add(signedIn(request).userId, request.params.coin) }),
  );
  routes.delete(
    marketPaths.favourite,
    {
      ...guarded,
      schema: {
        tags,
        summary: 'Remove a favourite coin',
        params: favouriteParamsSchema,
        response: { 200: envelopeSchema(favouritesSchema) },
      },
    },
    async (request) =>
      successEnvelope(request.language, { coins: await services.favourites.remove(signedIn(request).userId, request.params.coin) }),
  );
  routes.get(
    marketPaths.cryptoIndex,
    {
      schema: {
        tags,
        summary: 'Crypto index: level, composition, sample and calculation inputs',
        response: { 200: envelopeSchema(cryptoIndexSchema) },
      },
    },
    async (request) => successEnvelope(request.language, await services.cryptoIndex.index()),
  );
  routes.get(
    marketPaths.cryptoIndexLatestWithTrend,
    {
      schema: {
        tags,
        summary: 'Latest index level or coin prices (USD) with a 24-hour hourly trend',
        querystring: latestWithTrendQuerySchema,
        response: { 200: envelopeSchema(latestWithTrendSchema) },
      },
    },
    async (request) => successEnvelope(request.language, await services.cryptoIndex.latestWithTrend(request.query.currencies)),
  );

  // Another module may have registered the plugin already; it is global once registered.
  if (!app.hasDecorator('websocketServer')) await app.register(fastifyWebsocket, { options: { maxPayload: maxSocketMessageBytes } });
  app.get(marketPaths.quotationsSocket, { websocket: true }, (socket, request) => {
    const reject = () =>
      socket.send(JSON.stringify({ type: 'error', message: errorMessage('invalidParameter', request.language, { field: 'quote' }) }));
    const subscribe = (quote: z.infer<typeof quoteCurrencySchema>) =>
      services.feed.subscribe(socket, quote).catch((error: unknown) => {
        request.log.warn({ err: error }, 'quotations subscription failed');
        socket.close(1011, 'unavailable');
      });
    socket.on('close', () => services.feed.unsubscribe(socket));
    socket.on('message', (data) => {
      let message: unknown;
      try {
        message = JSON.parse(String(data));
      } catch {
        return reject();
      }
      const parsed = socketMessageSchema.safeParse(message);
      if (!parsed.success) return reject();
      void subscribe(parsed.data.quote);
    });
    const query = socketQuerySchema.safeParse(request.query);
    if (!query.success) {
      reject();
      socket.close(1008, 'invalid quote');
      return;
    }
    void subscribe(query.data.quote);
  });
}
