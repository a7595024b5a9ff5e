import type { SpotOrderStatus } from '@coffer/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../platform/db/database';
import { retrying } from '../../platform/db/database-errors';
import { groupCommit } from '../../platform/db/group-commit';
import type { PreparedRunner } from './prepared';
import { quoteColumnsText, type QuoteRow } from './quote.repository';
import { settlementError } from './settlement';

/** An order with its quote, as every order query reads it. */
export interface OrderRow extends QuoteRow {
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

export interface Placement {
  quoteId: string;
  userId: string;
  now: Date;
}

/** Claims, settles through `ledger_post` and completes in one statement (`sql/trade_pay_order.sql`). */
const payOrderText = `
  select outcome, status, status_reason, paid_at, completed_at, cancelled_at
    from trade_pay_order($1::bigint, $2::bigint, $3::timestamptz, $4::text, $5::text, $6::integer, $7::jsonb)`;

/** The same for several pays at once (group commit, `sql/trade_pay_orders.sql`): one row per order, by ordinal. */
const payOrdersText = `
  select ordinal, outcome, status, status_reason, paid_at, completed_at, cancelled_at from trade_pay_orders($1::jsonb)`;

/** A pay ready to leave: its arguments alone, and the same as one item of a batch. */
export interface Payment {
  values: unknown[];
  item: string;
}

export interface PayOutcome {
  outcome: 'settled' | 'expired' | 'unchanged' | 'notFound';
  status: SpotOrderStatus | null;
  status_reason: string | null;
  paid_at: Date | null;
  completed_at: Date | null;
  cancelled_at: Date | null;
}

/** Placements at the database at once before the next ones wait to leave together. */
const placeBatching = { maxInFlight: 3, maxBatch: 64 };
/** The same for pays; a batch locks every customer account of its orders, so it stays smaller. */
const payBatching = { maxInFlight: 3, maxBatch: 32 };

/** The new order of a placement; none when the quote is not this customer's, expired, or already ordered. */
export type PlaceOrder = (placement: Placement) => Promise<OrderRow | undefined>;

/** Placements with group commit, on the async-commit runner (an unpaid order moves no money). */
export function createOrderPlacer(runAsyncCommit: PreparedRunner): PlaceOrder {
  return groupCommit<Placement, OrderRow | undefined>({
    ...placeBatching,
    whenBatchFails: 'alone',
    one: async ({ quoteId, userId, now }) => (await runAsyncCommit<OrderRow>('place_order', placeOrderText, [quoteId, userId, now]))[0],
    many: async (batch) => {
      const rows = await runAsyncCommit<OrderRow>('place_orders', placeOrdersText, [
        batch.map((placement) => placement.quoteId),
        batch.map((placement) => placement.userId),
        batch.map((placement) => placement.now),
      ]);
      return batch.map(({ quoteId, userId }) => ({ result: rows.find((row) => row.id === quoteId && row.user_id === userId) }));
    },
  });
}

/** One pay (`trade_pay_order`), or several leaving together (`trade_pay_orders`). */
export type PayOrder = (payment: Payment) => Promise<PayOutcome>;

/** Concurrent pays leave together; a batch that fails is paid again order by order. */
export function createOrderPayer(run: PreparedRunner): PayOrder {
  /** One pay through `trade_pay_order`, retried whole on deadlock or serialization failure. */
  async function payAlone({ values }: Payment): Promise<PayOutcome> {
    try {
      return await retrying(async () => {
        const [outcome] = await run<PayOutcome>('pay_order', payOrderText, values);
        if (!outcome) throw new Error('trade_pay_order answered no row');
        return outcome;
      });
    } catch (error) {
      throw settlementError(error);
    }
  }

  return groupCommit<Payment, PayOutcome>({
    ...payBatching,
    whenBatchFails: 'alone',
    one: payAlone,
    many: async (batch) => {
      const rows = await run<PayOutcome & { ordinal: number }>('pay_orders', payOrdersText, [
        `[${batch.map((payment) => payment.item).join(',')}]`,
      ]);
      const byOrdinal = new Map(rows.map((row) => [row.ordinal, row]));
      return batch.map((_, index) => {
        const row = byOrdinal.get(index + 1);
        if (!row) throw new Error('trade_pay_orders answered no row for an order');
        return { result: row };
      });
    },
  });
}

/** The customer's order, undefined when there is none of theirs by that number. */
export async function loadOrder(run: PreparedRunner, userId: string, orderNo: string): Promise<OrderRow | undefined> {
  const [row] = await run<OrderRow>('load_order', loadOrderText, [orderNo, userId]);
  return row;
}

/** The customer's order placed from `quoteId`, undefined when there is none. */
export async function orderOfQuote(db: Db, quoteId: string, userId: string): Promise<OrderRow | undefined> {
  const [row] = await selectOrders(db, sql`o.quote_id = ${quoteId}::bigint and o.user_id = ${userId}`);
  return row;
}

async function selectOrders(db: Db, where: RawBuilder<unknown>): Promise<OrderRow[]> {
  const result =
    await sql<OrderRow>`select ${orderColumns} from trade_order o join trade_quote q on q.id = o.quote_id where ${where}`.execute(db);
  return result.rows;
}

/** When the customer's spot quote expires; undefined when there is no such quote of theirs. */
export async function spotQuoteExpiry(db: Db, quoteId: string, userId: string): Promise<Date | undefined> {
  const quote = await db
    .selectFrom('trade_quote')
    .select('expires_at')
    .where('id', '=', quoteId)
    .where('user_id', '=', userId)
    .where('purpose', '=', 'spot')
    .executeTakeFirst();
  return quote?.expires_at;
}

/** Cancels the order (reason quoteExpired) if it is still pending payment. */
export async function cancelExpiredOrder(db: Db, orderId: string, now: Date): Promise<void> {
  await db
    .updateTable('trade_order')
    .set({ status: 'cancelled', status_reason: 'quoteExpired', cancelled_at: now, updated_at: now })
    .where('id', '=', orderId)
    .where('status', '=', 'pendingPayment')
    .execute();
}

/** Cancels up to `limit` pending orders whose quote lapsed, oldest first; answers how many. */
export async function cancelLapsedOrders(db: Db, now: Date, limit: number): Promise<number> {
  const result = await sql`
      update trade_order set status = 'cancelled', status_reason = 'quoteExpired', cancelled_at = ${now}, updated_at = ${now}
       where id in (select id from trade_order where status = 'pendingPayment' and expires_at <= ${now} order by expires_at limit ${limit})
         and status = 'pendingPayment'`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}

/** A pending order claimed and set aside (pendingPayment → pendingSettlement → abnormal, settlementFailed) in one transaction. */
export async function setOrderAbnormal(db: Db, orderId: string, now: Date): Promise<void> {
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

/** Cancels the customer's order (reason customer) if it is pending payment; undefined when it was not. */
export async function cancelPendingOrder(db: Db, userId: string, orderNo: string, now: Date): Promise<OrderRow | undefined> {
  const [row] = (
    await sql<OrderRow>`
          with o as (
            update trade_order set status = 'cancelled', status_reason = 'customer', cancelled_at = ${now}, updated_at = ${now}
             where id = ${orderNo}::bigint and user_id = ${userId} and status = 'pendingPayment'
            returning *
          )
          select ${orderColumns} from o join trade_quote q on q.id = o.quote_id`.execute(db)
  ).rows;
  return row;
}

export interface OrderFilters {
  pair?: string | undefined;
  side?: string | undefined;
  status?: string | undefined;
  start?: Date | undefined;
  end?: Date | undefined;
}

/** The customer's orders matching `filters`, as a condition on `trade_order o`. */
export function orderWhere(userId: string, filters: OrderFilters): RawBuilder<unknown> {
  const conditions = [sql`o.user_id = ${userId}`];
  if (filters.pair) conditions.push(sql`o.pair = ${filters.pair}`);
  if (filters.side) conditions.push(sql`o.side = ${filters.side}`);
  if (filters.status) conditions.push(sql`o.status = ${filters.status}`);
  if (filters.start) conditions.push(sql`o.created_at >= ${filters.start}`);
  if (filters.end) conditions.push(sql`o.created_at < ${filters.end}`);
  return sql.join(conditions, sql` and `);
}

/** One page of orders, newest first, and how many match. */
export async function orderPage(
  db: Db,
  where: RawBuilder<unknown>,
  limit: number,
  offset: number,
): Promise<{ total: number; rows: OrderRow[] }> {
  const [count, rows] = await Promise.all([
    sql<{ total: string }>`select count(*)::text as total from trade_order o where ${where}`.execute(db),
    sql<OrderRow>`
          select ${orderColumns} from trade_order o join trade_quote q on q.id = o.quote_id
           where ${where} order by o.created_at desc, o.id desc
           limit ${limit} offset ${offset}`.execute(db),
  ]);
  return { total: Number(count.rows[0]?.total ?? 0), rows: rows.rows };
}
