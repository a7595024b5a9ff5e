import fastifyWebsocket from '@fastify/websocket';
import { errorMessage, marketEndpoints, marketPaths, quoteCurrencySchema } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { routeEndpoint } from '../../platform/http/endpoint-route';
import { requireSession, signedIn } from '../identity';
import type { CryptoIndexService } from './crypto-index.service';
import type { FavouritesService } from './favourites.service';
import type { QuotationFeed } from './quotation-feed';
import type { QuotationsService } from './quotations.service';

export interface MarketServices {
  quotations: QuotationsService;
  favourites: FavouritesService;
  cryptoIndex: CryptoIndexService;
  feed: QuotationFeed;
}

const socketMessageSchema = z.object({ type: z.literal('subscribe'), quote: quoteCurrencySchema });
const socketQuerySchema = z.object({ quote: quoteCurrencySchema.default('USDT') });
const maxSocketMessageBytes = 1024;

/** Quotations, favourites and the crypto index (spec §2, §3, §7 `/rate/...`), and the live feed. */
export async function registerMarketRoutes(app: FastifyInstance, services: MarketServices): Promise<void> {
  const guarded = { preHandler: requireSession };

  routeEndpoint(app, marketEndpoints.quotations, {}, async (request) => {
    const [board, favourites] = await Promise.all([
      services.quotations.board(request.query.quote),
      request.session ? services.favourites.list(request.session.userId) : Promise.resolve([]),
    ]);
    return { ...board, favourites };
  });
  routeEndpoint(app, marketEndpoints.quotationDetail, {}, async (request) => {
    const detail = await services.quotations.detail(request.params.coin, request.query.quote, request.query.range);
    const isFavourite = request.session ? await services.favourites.has(request.session.userId, detail.quotation.coin) : false;
    return { ...detail, isFavourite };
  });
  routeEndpoint(app, marketEndpoints.favourites, guarded, async (request) => ({
    coins: await services.favourites.list(signedIn(request).userId),
  }));
  routeEndpoint(app, marketEndpoints.addFavourite, guarded, async (request) => ({
    coins: await services.favourites.add(signedIn(request).userId, request.params.coin),
  }));
  routeEndpoint(app, marketEndpoints.removeFavourite, guarded, async (request) => ({
    coins: await services.favourites.remove(signedIn(request).userId, request.params.coin),
  }));
  routeEndpoint(app, marketEndpoints.cryptoIndex, {}, () => services.cryptoIndex.index());
  routeEndpoint(app, marketEndpoints.cryptoIndexLatestWithTrend, {}, (request) =>
    services.cryptoIndex.latestWithTrend(request.query.currencies),
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
