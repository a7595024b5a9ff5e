import { tradeEndpoints } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { routeEndpoint } from '../../platform/http/endpoint-route';
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
  const guarded = { preHandler: requireSession };

  routeEndpoint(app, tradeEndpoints.pairs, {}, () => services.quotes.pairs());
  routeEndpoint(app, tradeEndpoints.quoteKeys, {}, () => services.quotes.keys());
  routeEndpoint(app, tradeEndpoints.quote, guarded, (request) => services.quotes.quote(signedIn(request).userId, request.body));

  routeEndpoint(app, tradeEndpoints.placeOrder, guarded, (request) =>
    services.orders.place(signedIn(request).userId, request.body.quoteId),
  );
  routeEndpoint(app, tradeEndpoints.orders, guarded, (request) => services.orders.list(signedIn(request).userId, request.query));
  routeEndpoint(app, tradeEndpoints.order, guarded, (request) => services.orders.detail(signedIn(request).userId, request.params.orderNo));
  routeEndpoint(app, tradeEndpoints.payOrder, guarded, (request) => services.orders.pay(signedIn(request).userId, request.params.orderNo));
  routeEndpoint(app, tradeEndpoints.cancelOrder, guarded, (request) =>
    services.orders.cancel(signedIn(request).userId, request.params.orderNo),
  );

  routeEndpoint(app, tradeEndpoints.autoSwapSettings, guarded, (request) => services.autoSwap.settings(signedIn(request).userId));
  routeEndpoint(app, tradeEndpoints.saveAutoSwapSetting, guarded, (request) =>
    services.autoSwap.saveSetting(signedIn(request).userId, request.body),
  );
  routeEndpoint(app, tradeEndpoints.removeAutoSwapSetting, guarded, async (request) => {
    await services.autoSwap.removeSetting(signedIn(request).userId, request.params.sourceCoin);
    return null;
  });
  routeEndpoint(app, tradeEndpoints.autoSwapRecords, guarded, (request) =>
    services.autoSwap.records(signedIn(request).userId, request.query),
  );
}
