import type { SpotOrderStatus } from '@coffer/contract';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { quoteColumnsText, type QuoteRow } from './quote.repository';

/** The order columns channel settlement reads: the order's id, state and hold, and its quote. */
export interface ChannelOrderRow extends QuoteRow {
  order_id: string;
  status: SpotOrderStatus;
  hold_id: string | null;
}

/** A settler that stopped between asking the channel and recording its answer is taken over after this. */
const staleLeaseSeconds = 60;

const channelRowColumns = sql.raw(`o.id::text as order_id, o.status, o.hold_id::text as hold_id, ${quoteColumnsText}`);

/**
 * A channel order a settler may take now: paid and waiting, retried after the channel could
 * not answer, or left in progress by a settler that stopped more than a lease ago.
 */
function settleable(now: Date, waitingSince: Date) {
  const staleBefore = new Date(now.getTime() - staleLeaseSeconds * 1000);
  return sql`settlement = 'channel'
    and ((status = 'pendingSettlement' and updated_at <= ${waitingSince})
         or (status = 'abnormal' and status_reason = 'channelUnavailable')
         or (status = 'inProgress' and updated_at < ${staleBefore}))`;
}

/** Claims the customer's unexpired channel order for payment (pendingPayment → pendingSettlement); false when it was not payable. */
export async function claimChannelPayment(trx: Db, order: { orderId: string; userId: string }, now: Date): Promise<boolean> {
  const claimed = await trx
    .updateTable('trade_order')
    .set({ status: 'pendingSettlement', paid_at: now, updated_at: now })
    .where('id', '=', order.orderId)
    .where('user_id', '=', order.userId)
    .where('settlement', '=', 'channel')
    .where('status', '=', 'pendingPayment')
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return claimed.numUpdatedRows === 1n;
}

export async function setOrderHold(trx: Db, orderId: string, holdId: string | null): Promise<void> {
  await trx.updateTable('trade_order').set({ hold_id: holdId }).where('id', '=', orderId).execute();
}

/** Takes the order for settling (inProgress) if it is settleable; a just-paid order at once. */
export async function claimChannelOrder(db: Db, orderId: string, now: Date): Promise<ChannelOrderRow | undefined> {
  const result = await sql<ChannelOrderRow>`
      with o as (
        update trade_order set status = 'inProgress', status_reason = null, updated_at = ${now}
         where id = ${orderId}::bigint and ${settleable(now, now)}
        returning *
      )
      select ${channelRowColumns} from o join trade_quote q on q.id = o.quote_id`.execute(db);
  return result.rows[0];
}

/** The ids of the channel orders settleable now whose waiting began by `unclaimedBefore`, longest unchanged first. */
export async function settleableChannelOrderIds(db: Db, now: Date, unclaimedBefore: Date, limit: number): Promise<string[]> {
  const waiting = await sql<{ id: string }>`
      select id::text as id from trade_order where ${settleable(now, unclaimedBefore)} order by updated_at limit ${limit}`.execute(db);
  return waiting.rows.map((row) => row.id);
}

/** inProgress → completed; false when the order was not in progress. */
export async function completeInProgressOrder(trx: Db, orderId: string, now: Date): Promise<boolean> {
  const done = await trx
    .updateTable('trade_order')
    .set({ status: 'completed', completed_at: now, updated_at: now })
    .where('id', '=', orderId)
    .where('status', '=', 'inProgress')
    .executeTakeFirst();
  return done.numUpdatedRows === 1n;
}

/** inProgress → abnormal for `reason`; false when the order was not in progress. */
export async function setInProgressOrderAbnormal(executor: Db, orderId: string, reason: string, now: Date): Promise<boolean> {
  const moved = await executor
    .updateTable('trade_order')
    .set({ status: 'abnormal', status_reason: reason, updated_at: now })
    .where('id', '=', orderId)
    .where('status', '=', 'inProgress')
    .executeTakeFirst();
  return moved.numUpdatedRows === 1n;
}

export async function markOrderRefunded(trx: Db, orderId: string, now: Date): Promise<void> {
  await trx.updateTable('trade_order').set({ status: 'refunded', refunded_at: now, updated_at: now }).where('id', '=', orderId).execute();
}
