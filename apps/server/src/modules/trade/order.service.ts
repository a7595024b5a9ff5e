import { quoteSigningText, type OrderDetail, type OrderListQuery, type OrderPage, type SpotOrder } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import type { JobDefinition } from '../../platform/jobs/job-queue';
import { createLedgerReads, type Ledger } from '../ledger';
import type { ChannelSettlement } from './channel-settlement';
import { createOrderPayment } from './order-payment';
import { spotOrderOf } from './order-view';
import {
  cancelLapsedOrders,
  cancelPendingOrder,
  createOrderPlacer,
  loadOrder,
  orderPage,
  orderOfQuote,
  orderWhere,
  spotQuoteExpiry,
  type OrderRow,
} from './order.repository';
import { placedOrders } from './placed-orders';
import type { PreparedRunner } from './prepared';
import type { QuoteService } from './quote.service';
import { orderJournalKey } from './settlement';
import { tradeError } from './trade.errors';
import { assertOrderMove } from './trade-states';

export { orderJournalKey } from './settlement';

const expireBatch = 1000;
/** Placed orders remembered for their pay: more than a quote's lifetime of placements at full rate. */
const placedCapacity = 20_000;

function parseInstant(value: string | undefined, field: string): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) throw tradeError('invalidParameter', {}, field);
  return instant;
}

/** Spot orders: what the routes and the module ask of them. */
export interface OrderService {
  place(userId: string, quoteId: string): Promise<SpotOrder>;
  /** Pays and settles; paying a completed order again answers it unchanged (settled once). */
  pay(userId: string, orderNo: string): Promise<SpotOrder>;
  /** Cancels a pending order; cancelling a cancelled order answers it; anything else is 13010007. */
  cancel(userId: string, orderNo: string): Promise<SpotOrder>;
  list(userId: string, query: OrderListQuery): Promise<OrderPage>;
  detail(userId: string, orderNo: string): Promise<OrderDetail>;
  /** Cancels pending orders whose quote lapsed; answers how many. */
  expireLapsed(now?: Date): Promise<number>;
  expireJob(): JobDefinition;
}

/**
 * Spot orders placed from quotes (spec §2 "my orders", §4 payment states). Paying is its own
 * use case (`order-payment.ts`): the order and its ledger journal settle in one transaction.
 */
export function createOrderService(deps: {
  db: Db;
  ledger: Ledger;
  quotes: QuoteService;
  clock: () => Date;
  run: PreparedRunner;
  /** Places orders: a commit that need not wait for the disk (an unpaid order moves no money). */
  runAsyncCommit: PreparedRunner;
  channel: ChannelSettlement;
}): OrderService {
  const { db, ledger, quotes, clock, run, runAsyncCommit, channel } = deps;
  const ledgerReads = createLedgerReads(db);
  const placed = placedOrders<OrderRow>(placedCapacity);
  const placeOrder = createOrderPlacer(runAsyncCommit);

  async function load(userId: string, orderNo: string): Promise<OrderRow> {
    const row = await loadOrder(run, userId, orderNo);
    if (!row) throw tradeError('orderNotFound', {}, 'orderNo');
    return row;
  }

  async function view(row: OrderRow): Promise<SpotOrder> {
    const quote = await quotes.describe(row);
    return spotOrderOf(row, quote, clock());
  }

  const payment = createOrderPayment({ db, ledger, clock, run, channel, placed, load, view });

  async function expireLapsed(now = clock()): Promise<number> {
    return cancelLapsedOrders(db, now, expireBatch);
  }

  return {
    async place(userId: string, quoteId: string): Promise<SpotOrder> {
      const now = clock();
      const row = await placeOrder({ quoteId, userId, now });
      if (row) {
        placed.remember(row);
        return view(row);
      }
      // Placing twice from one quote answers the first order.
      const existing = await orderOfQuote(db, quoteId, userId);
      if (existing) return view(existing);
      const expiresAt = await spotQuoteExpiry(db, quoteId, userId);
      if (!expiresAt) throw tradeError('quoteNotFound', {}, 'quoteId');
      throw tradeError('quoteExpired', {}, 'quoteId');
    },

    pay: payment.pay,

    async cancel(userId: string, orderNo: string): Promise<SpotOrder> {
      const now = clock();
      const row = await cancelPendingOrder(db, userId, orderNo, now);
      if (row) return view(row);
      const current = await load(userId, orderNo);
      if (current.status === 'cancelled') return view(current);
      assertOrderMove(current.status, 'cancelled');
      throw tradeError('illegalOrderTransition', {}, 'orderNo');
    },

    async list(userId: string, query: OrderListQuery): Promise<OrderPage> {
      const start = parseInstant(query.start, 'start');
      const end = parseInstant(query.end, 'end');
      if (start && end && end <= start) throw tradeError('invalidParameter', {}, 'end');
      const where = orderWhere(userId, { pair: query.pair, side: query.side, status: query.status, start, end });
      const page = await orderPage(db, where, query.pageSize, (query.pageNo - 1) * query.pageSize);
      return {
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total: page.total,
        records: await Promise.all(page.rows.map(view)),
      };
    },

    async detail(userId: string, orderNo: string): Promise<OrderDetail> {
      const row = await load(userId, orderNo);
      const pair = await quotes.resolvePair(row.pair);
      const signedFields = { keyId: row.key_id, ...quotes.signedFieldsOf(row, pair) };
      const [publicKey, journalId] = await Promise.all([
        quotes.publicKeyOf(row.key_id),
        ledgerReads.journalIdByKey(orderJournalKey(row.order_id)),
      ]);
      return {
        ...(await view(row)),
        receipt: {
          algorithm: 'Ed25519',
          keyId: row.key_id,
          publicKey,
          signedFields,
          signedText: quoteSigningText(signedFields),
          signature: row.signature,
          journalId,
        },
      };
    },

    expireLapsed,

    expireJob(): JobDefinition {
      return {
        name: 'trade.expire-orders',
        cron: '* * * * *',
        handle: async (_data, { logger }) => {
          const expired = await expireLapsed();
          if (expired > 0) logger.info({ expired }, 'lapsed spot orders cancelled');
        },
      };
    },
  };
}
