import {
  quoteSigningText,
  type OrderDetail,
  type OrderListQuery,
  type OrderPage,
  type SpotOrder,
  type SpotOrderStatus,
} from '@coffer/contract';
import { sql, type RawBuilder } from 'kysely';
import type { DatabaseError } from 'pg';
import type { Db } from '../../platform/db/database';
import type { JobDefinition } from '../../platform/jobs/job-queue';
import { AppError } from '../../platform/http/app-error';
import { createLedgerReads, LedgerInvariantError, type Ledger } from '../ledger';
import { groupCommit } from './group-commit';
import { placedOrders } from './placed-orders';
import { quoteColumnsText, type QuoteRow, type QuoteService } from './quote.service';
import { ledgerPostArguments, orderJournalKey, settlementError, settlementJournal } from './settlement';
import { assertOrderMove } from './trade-states';
import type { PreparedRunner } from './prepared';
import type { ChannelSettlement } from './channel-settlement';

interface OrderRow extends QuoteRow {
  order_id: string;
  status: SpotOrderStatus;
  status_reason: string | null;
  order_created_at: Date;
  paid_at: Date | null;
  completed_at: Date | null;
  cancelled_at: Date | null;
  refunded_at: Date | null;
}

const orderColumnsText = `
  o.id::text as order_id, o.status, o.status_reason, o.created_at as order_created_at, o.paid_at, o.completed_at, o.cancelled_at,
  o.refunded_at, ${quoteColumnsText}`;
const orderColumns = sql.raw(orderColumnsText);

const loadOrderText = `
  select ${orderColumnsText} from trade_order o join trade_quote q on q.id = o.quote_id where o.id = $1::bigint and o.user_id = $2`;

/** Places the order only from the customer's own, unexpired spot quote; a second place finds the first. */
const placeOrderText = `
  with q as (
    select * from trade_quote where id = $1::bigint and user_id = $2 and purpose = 'spot' and expires_at > $3
  ), o as (
    insert into trade_order (user_id, quote_id, pair, side, status, expires_at, created_at, updated_at, settlement)
    select user_id, id, pair, side, 'pendingPayment', expires_at, $3, $3, settlement from q
    on conflict (quote_id) do nothing
    returning *
  )
  select ${orderColumnsText} from o join q on q.id = o.quote_id`;

/** The same for several placements at once (group commit): one row per order placed. */
const placeOrdersText = `
  with r as (
    select distinct on (quote_id, user_id) quote_id, user_id, placed_at
      from unnest($1::bigint[], $2::bigint[], $3::timestamptz[]) as r (quote_id, user_id, placed_at)
     order by quote_id, user_id, placed_at
  ), q as (
    select t.*, r.placed_at from trade_quote t join r on t.id = r.quote_id and t.user_id = r.user_id
     where t.purpose = 'spot' and t.expires_at > r.placed_at
  ), o as (
    insert into trade_order (user_id, quote_id, pair, side, status, expires_at, created_at, updated_at, settlement)
    select user_id, id, pair, side, 'pendingPayment', expires_at, placed_at, placed_at, settlement from q order by id
    on conflict (quote_id) do nothing
    returning *
  )
  select ${orderColumnsText} from o join q on q.id = o.quote_id`;

interface Placement {
  quoteId: string;
  userId: string;
  now: Date;
}

/** Claims, settles through `ledger_post` and completes in one statement (migration 0013). */
const payOrderText = `
  select outcome, status, status_reason, paid_at, completed_at, cancelled_at
    from trade_pay_order($1::bigint, $2::bigint, $3::timestamptz, $4::text, $5::text, $6::integer, $7::jsonb)`;

/** The same for several pays at once (group commit, migration 0015): one row per order, by ordinal. */
const payOrdersText = `
  select ordinal, outcome, status, status_reason, paid_at, completed_at, cancelled_at from trade_pay_orders($1::jsonb)`;

/** A pay ready to leave: its arguments alone, and the same as one item of a batch. */
interface Payment {
  values: unknown[];
  item: string;
}

interface PayOutcome {
  outcome: 'settled' | 'expired' | 'unchanged' | 'notFound';
  status: SpotOrderStatus | null;
  status_reason: string | null;
  paid_at: Date | null;
  completed_at: Date | null;
  cancelled_at: Date | null;
}

const retryableCodes = new Set(['40P01', '40001']);
const maxAttempts = 5;
const expireBatch = 1000;
/** Placed orders remembered for their pay: more than a quote's lifetime of placements at full rate. */
const placedCapacity = 20_000;
/** Placements at the database at once before the next ones wait to leave together. */
const placeBatching = { maxInFlight: 3, maxBatch: 64 };
/** The same for pays; a batch locks every customer account of its orders, so it stays smaller. */
const payBatching = { maxInFlight: 3, maxBatch: 32 };

export { orderJournalKey } from './settlement';

function parseInstant(value: string | undefined, field: string): Date | undefined {
  if (value === undefined || value === '') return undefined;
  const instant = new Date(value);
  if (Number.isNaN(instant.getTime())) throw new AppError('invalidParameter', {}, field);
  return instant;
}

/**
 * Spot orders placed from quotes (spec §2 "my orders", §4 payment states). Paying moves
 * the order pendingPayment → pendingSettlement → completed and posts the ledger journal in
 * the same transaction (`trade_pay_order`, one round trip): the order's row is claimed by a
 * conditional update (the row lock that serialises concurrent pays), so an order settles at
 * most once and its state can never disagree with the ledger.
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
}) {
  const { db, ledger, quotes, clock, run, runAsyncCommit, channel } = deps;
  const ledgerReads = createLedgerReads(db);
  const placed = placedOrders<OrderRow>(placedCapacity);
  /** The new order of a placement; none when the quote is not this customer's, expired, or already ordered. */
  const placeOrder = groupCommit<Placement, OrderRow | undefined>({
    ...placeBatching,
    one: async ({ quoteId, userId, now }) => (await runAsyncCommit<OrderRow>('place_order', placeOrderText, [quoteId, userId, now]))[0],
    many: async (batch) => {
      const rows = await runAsyncCommit<OrderRow>('place_orders', placeOrdersText, [
        batch.map((placement) => placement.quoteId),
        batch.map((placement) => placement.userId),
        batch.map((placement) => placement.now),
      ]);
      return batch.map(({ quoteId, userId }) => rows.find((row) => row.id === quoteId && row.user_id === userId));
    },
  });

  async function selectOrders(where: RawBuilder<unknown>): Promise<OrderRow[]> {
    const result =
      await sql<OrderRow>`select ${orderColumns} from trade_order o join trade_quote q on q.id = o.quote_id where ${where}`.execute(db);
    return result.rows;
  }

  async function load(userId: string, orderNo: string): Promise<OrderRow> {
    const [row] = await run<OrderRow>('load_order', loadOrderText, [orderNo, userId]);
    if (!row) throw new AppError('orderNotFound', {}, 'orderNo');
    return row;
  }

  async function view(row: OrderRow): Promise<SpotOrder> {
    const quote = await quotes.describe(row);
    const now = clock();
    return {
      orderNo: row.order_id,
      quoteId: quote.quoteId,
      pair: quote.pair,
      baseCoin: quote.baseCoin,
      quoteCoin: quote.quoteCoin,
      side: quote.side,
      price: quote.price,
      baseAmount: quote.baseAmount,
      quoteAmount: quote.quoteAmount,
      payCoin: quote.payCoin,
      payAmount: quote.payAmount,
      receiveCoin: quote.receiveCoin,
      receiveAmount: quote.receiveAmount,
      feeCoin: quote.feeCoin,
      fee: quote.fee,
      feeRate: quote.feeRate,
      expiresAt: quote.expiresAt,
      status: row.status,
      settlement: row.settlement,
      createdAt: row.order_created_at.toISOString(),
      paidAt: row.paid_at?.toISOString() ?? null,
      completedAt: row.completed_at?.toISOString() ?? null,
      cancelledAt: row.cancelled_at?.toISOString() ?? null,
      refundedAt: row.refunded_at?.toISOString() ?? null,
      statusReason: row.status_reason,
      isPayable: row.status === 'pendingPayment' && now < row.expires_at,
    };
  }

  /** A pending order whose quote lapsed is cancelled (reason quoteExpired); answers 13010004. */
  async function expire(row: OrderRow, now: Date): Promise<never> {
    await db
      .updateTable('trade_order')
      .set({ status: 'cancelled', status_reason: 'quoteExpired', cancelled_at: now, updated_at: now })
      .where('id', '=', row.order_id)
      .where('status', '=', 'pendingPayment')
      .execute();
    throw new AppError('quoteExpired', {}, 'orderNo');
  }

  /** One pay through `trade_pay_order`, retried whole on deadlock or serialization failure. */
  async function payAlone({ values }: Payment): Promise<PayOutcome> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const [outcome] = await run<PayOutcome>('pay_order', payOrderText, values);
        if (!outcome) throw new Error('trade_pay_order answered no row');
        return outcome;
      } catch (error) {
        const code = (error as Partial<DatabaseError>).code;
        if (code && retryableCodes.has(code) && attempt < maxAttempts) continue;
        throw settlementError(error);
      }
    }
  }

  /** Concurrent pays leave together; a batch that fails is paid again order by order. */
  const payOrder = groupCommit<Payment, PayOutcome>({
    ...payBatching,
    one: payAlone,
    many: async (batch) => {
      const rows = await run<PayOutcome & { ordinal: number }>('pay_orders', payOrdersText, [
        `[${batch.map((payment) => payment.item).join(',')}]`,
      ]);
      const byOrdinal = new Map(rows.map((row) => [row.ordinal, row]));
      return batch.map((_, index) => {
        const row = byOrdinal.get(index + 1);
        if (!row) throw new Error('trade_pay_orders answered no row for an order');
        return row;
      });
    },
  });

  /** Settles the order's journal with its state change (one transaction, alone or in a batch). */
  async function settle(row: OrderRow, now: Date): Promise<PayOutcome> {
    assertOrderMove('pendingPayment', 'pendingSettlement');
    assertOrderMove('pendingSettlement', 'completed');
    const journal = ledgerPostArguments(
      await settlementJournal(ledger, {
        row,
        userId: row.user_id,
        idempotencyKey: orderJournalKey(row.order_id),
        reference: { type: 'trade_order', id: row.order_id },
      }),
    );
    const item = JSON.stringify({
      order_id: row.order_id,
      user_id: row.user_id,
      now: now.toISOString(),
      key: journal.idempotencyKey,
      hash: journal.requestHash,
      bill_type: journal.billType,
    });
    return payOrder({
      values: [row.order_id, row.user_id, now, journal.idempotencyKey, journal.requestHash, journal.billType, journal.legs],
      // The legs are JSON already: spliced in, not parsed and written again.
      item: `${item.slice(0, -1)},"legs":${journal.legs}}`,
    });
  }

  /** A large order: its payment held with the claim, then settled by the channel without the customer waiting. */
  async function payThroughChannel(row: OrderRow, now: Date): Promise<SpotOrder> {
    const held = await channel.holdPayment(row, now);
    placed.forget(row.order_id);
    if (!held) return unpaid(await load(row.user_id, row.order_id), now);
    channel.kick(row.order_id);
    return view({ ...row, status: 'pendingSettlement', paid_at: now });
  }

  /** What a pay answers for an order it did not settle, by the order's state. */
  async function unpaid(row: OrderRow, now: Date): Promise<SpotOrder> {
    // Paid already (settled, or a channel order on its way): paying again answers it as it is.
    if (row.paid_at !== null && (row.status !== 'abnormal' || row.settlement === 'channel')) return view(row);
    // The expiry job may have cancelled it a moment earlier: the customer still hears why.
    if (row.status === 'cancelled' && row.status_reason === 'quoteExpired') throw new AppError('quoteExpired', {}, 'orderNo');
    if (row.status === 'pendingPayment' && now >= row.expires_at) return expire(row, now);
    throw new AppError('illegalOrderTransition', {}, 'orderNo');
  }

  /** An invariant failure is a programming error: the order is set aside for review, nothing moved. */
  async function markAbnormal(orderId: string, now: Date): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const claimed = await trx
        .updateTable('trade_order')
        .set({ status: 'pendingSettlement', paid_at: now, updated_at: now })
        .where('id', '=', orderId)
        .where('status', '=', 'pendingPayment')
        .executeTakeFirst();
      if (claimed.numUpdatedRows !== 1n) return;
      await trx
        .updateTable('trade_order')
        .set({ status: 'abnormal', status_reason: 'settlementFailed', updated_at: now })
        .where('id', '=', orderId)
        .execute();
    });
  }

  function filters(userId: string, query: OrderListQuery): RawBuilder<unknown> {
    const start = parseInstant(query.start, 'start');
    const end = parseInstant(query.end, 'end');
    if (start && end && end <= start) throw new AppError('invalidParameter', {}, 'end');
    const conditions = [sql`o.user_id = ${userId}`];
    if (query.pair) conditions.push(sql`o.pair = ${query.pair}`);
    if (query.side) conditions.push(sql`o.side = ${query.side}`);
    if (query.status) conditions.push(sql`o.status = ${query.status}`);
    if (start) conditions.push(sql`o.created_at >= ${start}`);
    if (end) conditions.push(sql`o.created_at < ${end}`);
    return sql.join(conditions, sql` and `);
  }

  async function expireLapsed(now = clock()): Promise<number> {
    const result = await sql`
      update trade_order set status = 'cancelled', status_reason = 'quoteExpired', cancelled_at = ${now}, updated_at = ${now}
       where id in (select id from trade_order where status = 'pendingPayment' and expires_at <= ${now} order by expires_at limit ${expireBatch})
         and status = 'pendingPayment'`.execute(db);
    return Number(result.numAffectedRows ?? 0n);
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
      const [existing] = await selectOrders(sql`o.quote_id = ${quoteId}::bigint and o.user_id = ${userId}`);
      if (existing) return view(existing);
      const quote = await db
        .selectFrom('trade_quote')
        .select('expires_at')
        .where('id', '=', quoteId)
        .where('user_id', '=', userId)
        .where('purpose', '=', 'spot')
        .executeTakeFirst();
      if (!quote) throw new AppError('quoteNotFound', {}, 'quoteId');
      throw new AppError('quoteExpired', {}, 'quoteId');
    },

    /** Pays and settles; paying a completed order again answers it unchanged (settled once). */
    async pay(userId: string, orderNo: string): Promise<SpotOrder> {
      const now = clock();
      // An order placed here lately is paid straight away: the pay itself checks its state.
      let row = placed.find(orderNo, userId);
      if (!row) {
        row = await load(userId, orderNo);
        if (row.status !== 'pendingPayment' || now >= row.expires_at) return unpaid(row, now);
      }
      if (row.settlement === 'channel') return payThroughChannel(row, now);
      let paid: PayOutcome;
      try {
        paid = await settle(row, now);
      } catch (error) {
        if (error instanceof LedgerInvariantError) await markAbnormal(row.order_id, now);
        throw error;
      }
      if (paid.outcome === 'notFound') throw new AppError('orderNotFound', {}, 'orderNo');
      placed.forget(row.order_id);
      const after: OrderRow = {
        ...row,
        status: paid.status!,
        status_reason: paid.status_reason,
        paid_at: paid.paid_at,
        completed_at: paid.completed_at,
        cancelled_at: paid.cancelled_at,
      };
      if (paid.outcome === 'settled') return view(after);
      if (paid.outcome === 'expired') throw new AppError('quoteExpired', {}, 'orderNo');
      return unpaid(after, now);
    },

    /** Cancels a pending order; cancelling a cancelled order answers it; anything else is 13010007. */
    async cancel(userId: string, orderNo: string): Promise<SpotOrder> {
      const now = clock();
      const [row] = (
        await sql<OrderRow>`
          with o as (
            update trade_order set status = 'cancelled', status_reason = 'customer', cancelled_at = ${now}, updated_at = ${now}
             where id = ${orderNo}::bigint and user_id = ${userId} and status = 'pendingPayment'
            returning *
          )
          select ${orderColumns} from o join trade_quote q on q.id = o.quote_id`.execute(db)
      ).rows;
      if (row) return view(row);
      const current = await load(userId, orderNo);
      if (current.status === 'cancelled') return view(current);
      assertOrderMove(current.status, 'cancelled');
      throw new AppError('illegalOrderTransition', {}, 'orderNo');
    },

    async list(userId: string, query: OrderListQuery): Promise<OrderPage> {
      const where = filters(userId, query);
      const [count, rows] = await Promise.all([
        sql<{ total: string }>`select count(*)::text as total from trade_order o where ${where}`.execute(db),
        sql<OrderRow>`
          select ${orderColumns} from trade_order o join trade_quote q on q.id = o.quote_id
           where ${where} order by o.created_at desc, o.id desc
           limit ${query.pageSize} offset ${(query.pageNo - 1) * query.pageSize}`.execute(db),
      ]);
      return {
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total: Number(count.rows[0]?.total ?? 0),
        records: await Promise.all(rows.rows.map(view)),
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

    /** Cancels pending orders whose quote lapsed; answers how many. */
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

export type OrderService = ReturnType<typeof createOrderService>;
