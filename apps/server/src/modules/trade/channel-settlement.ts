import { billTypes, type SpotOrderStatus } from '@coffer/contract';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { JobDefinition } from '../../platform/jobs/job-queue';
import { AppError } from '../../platform/http/app-error';
import type { Logger } from '../../platform/observability/logger';
import type { Ledger } from '../ledger';
import type { LiquidityChannel } from './liquidity-channel';
import { quoteColumnsText, type QuoteRow } from './quote.service';
import { orderJournalKey, paymentOf, settlementJournal, tradeBillType } from './settlement';

/** The order columns channel settlement reads: the order's id, state and hold, and its quote. */
export interface ChannelOrderRow extends QuoteRow {
  order_id: string;
  status: SpotOrderStatus;
  hold_id: string | null;
}

/** A settler that stopped between asking the channel and recording its answer is taken over after this. */
const staleLeaseSeconds = 60;
/** Another settler reached the end first; this one's transaction was undone. */
class SettledElsewhere extends Error {
  override readonly name = 'SettledElsewhere';
}

/** Paid orders the in-process settler has not picked up by then are the job's. */
const unclaimedAfterSeconds = 5;
const jobBatch = 100;

export const channelHoldKey = (orderId: string) => `trade:order:${orderId}:hold`;
export const channelRefundKey = (orderId: string) => `trade:order:${orderId}:refund`;

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

/**
 * Large orders (spec §4 pending settlement → in progress → completed, or → abnormal →
 * refunded): paying holds the customer's payment with the order's claim; the channel is then
 * asked to fill the desk's hedge; a fill settles the journal against the hold and completes
 * the order, a rejection releases the hold (bill 4004, no fee) and refunds it. A channel that
 * cannot answer leaves the order abnormal (channelUnavailable) with the payment held, and the
 * job asks again. Every step is one transaction guarded by the order's state, so two settlers
 * never settle an order twice, and the channel answers the same decision when asked again.
 */
export function createChannelSettlement(deps: { db: Db; ledger: Ledger; channel: LiquidityChannel; clock: () => Date; logger?: Logger }) {
  const { db, ledger, channel, clock, logger } = deps;

  /** Claims a pending channel order and holds its payment; null when it was not payable. */
  async function holdPayment(row: QuoteRow & { order_id: string }, now: Date): Promise<{ holdId: string } | null> {
    const pay = paymentOf(row);
    const account = await ledger.customerAccount(row.user_id, pay.coin);
    const billType = tradeBillType(row.side);
    try {
      return await db.transaction().execute(async (trx) => {
        const claimed = await trx
          .updateTable('trade_order')
          .set({ status: 'pendingSettlement', paid_at: now, updated_at: now })
          .where('id', '=', row.order_id)
          .where('user_id', '=', row.user_id)
          .where('settlement', '=', 'channel')
          .where('status', '=', 'pendingPayment')
          .where('expires_at', '>', now)
          .executeTakeFirst();
        if (claimed.numUpdatedRows !== 1n) return null;
        const held = await ledger.hold(
          {
            idempotencyKey: channelHoldKey(row.order_id),
            billType,
            accountId: account,
            amount: pay.amount,
            reference: { type: 'trade_order', id: row.order_id },
          },
          trx,
        );
        await trx.updateTable('trade_order').set({ hold_id: held.holdId }).where('id', '=', row.order_id).execute();
        return { holdId: held.holdId! };
      });
    } catch (error) {
      if (error instanceof AppError && error.key === 'insufficientBalance') throw new AppError('tradeInsufficientBalance', {}, 'amount');
      throw error;
    }
  }

  /** Takes the order for settling (see `settleable`); a just-paid order at once. */
  async function claim(orderId: string, now: Date): Promise<ChannelOrderRow | undefined> {
    const result = await sql<ChannelOrderRow>`
      with o as (
        update trade_order set status = 'inProgress', status_reason = null, updated_at = ${now}
         where id = ${orderId}::bigint and ${settleable(now, now)}
        returning *
      )
      select ${channelRowColumns} from o join trade_quote q on q.id = o.quote_id`.execute(db);
    return result.rows[0];
  }

  async function complete(row: ChannelOrderRow, now: Date): Promise<void> {
    const journal = await settlementJournal(ledger, {
      row,
      userId: row.user_id,
      idempotencyKey: orderJournalKey(row.order_id),
      reference: { type: 'trade_order', id: row.order_id },
    });
    // The customer's payment leaves the hold (frozen); the desk and fee legs are those of an immediate settlement.
    const [paid, ...others] = journal.legs;
    await db.transaction().execute(async (trx) => {
      await ledger.settleHold(
        {
          idempotencyKey: journal.idempotencyKey,
          billType: journal.billType,
          holdId: row.hold_id!,
          accountId: paid!.accountId,
          amount: -paid!.amount,
          to: others.map((leg) => ({ accountId: leg.accountId, amount: leg.amount })),
          reference: journal.reference!,
        },
        trx,
      );
      const done = await trx
        .updateTable('trade_order')
        .set({ status: 'completed', completed_at: now, updated_at: now })
        .where('id', '=', row.order_id)
        .where('status', '=', 'inProgress')
        .executeTakeFirst();
      if (done.numUpdatedRows !== 1n) throw new SettledElsewhere(row.order_id);
    });
  }

  async function refund(row: ChannelOrderRow, now: Date): Promise<void> {
    const pay = paymentOf(row);
    const account = await ledger.customerAccount(row.user_id, pay.coin);
    await db.transaction().execute(async (trx) => {
      await ledger.releaseHold(
        {
          idempotencyKey: channelRefundKey(row.order_id),
          billType: billTypes.tradeReturn,
          holdId: row.hold_id!,
          accountId: account,
          amount: pay.amount,
          reference: { type: 'trade_order', id: row.order_id },
        },
        trx,
      );
      // §4: a rejected order is abnormal, and refunded once its payment is back.
      const rejected = await trx
        .updateTable('trade_order')
        .set({ status: 'abnormal', status_reason: 'channelRejected', updated_at: now })
        .where('id', '=', row.order_id)
        .where('status', '=', 'inProgress')
        .executeTakeFirst();
      if (rejected.numUpdatedRows !== 1n) throw new SettledElsewhere(row.order_id);
      await trx
        .updateTable('trade_order')
        .set({ status: 'refunded', refunded_at: now, updated_at: now })
        .where('id', '=', row.order_id)
        .execute();
    });
  }

  async function markUnavailable(orderId: string, now: Date): Promise<void> {
    await db
      .updateTable('trade_order')
      .set({ status: 'abnormal', status_reason: 'channelUnavailable', updated_at: now })
      .where('id', '=', orderId)
      .where('status', '=', 'inProgress')
      .execute();
  }

  /** Settles one paid channel order if it is settleable now; answers the state it reached, or null. */
  async function settle(orderId: string): Promise<SpotOrderStatus | null> {
    const row = await claim(orderId, clock());
    if (!row) return null;
    let decision;
    try {
      decision = await channel.execute({ orderId, base: row.base_asset, quote: row.quote_asset, side: row.side, price: BigInt(row.price) });
    } catch (error) {
      logger?.warn({ err: error, orderId }, 'liquidity channel did not answer; the order is retried');
      await markUnavailable(orderId, clock());
      return 'abnormal';
    }
    try {
      if (decision.outcome === 'filled') {
        await complete(row, clock());
        return 'completed';
      }
      await refund(row, clock());
      logger?.info({ orderId, reason: decision.reason }, 'liquidity channel rejected the order; payment refunded');
      return 'refunded';
    } catch (error) {
      // A settler that took the order over (or was taken over) finished it: nothing moved twice.
      if (error instanceof SettledElsewhere || (error instanceof AppError && error.key === 'holdAlreadyResolved')) return null;
      throw error;
    }
  }

  /** Every channel order waiting for the settler (the job's sweep); answers how many reached an end. */
  async function settleWaiting(now = clock()): Promise<number> {
    // Orders paid moments ago are the in-process settler's.
    const unclaimedBefore = new Date(now.getTime() - unclaimedAfterSeconds * 1000);
    const waiting = await sql<{ id: string }>`
      select id::text as id from trade_order where ${settleable(now, unclaimedBefore)} order by updated_at limit ${jobBatch}`.execute(db);
    let ended = 0;
    for (const { id } of waiting.rows) {
      try {
        const reached = await settle(id);
        if (reached === 'completed' || reached === 'refunded') ended += 1;
      } catch (error) {
        logger?.error({ err: error, orderId: id }, 'channel settlement failed; retried at the next sweep');
      }
    }
    return ended;
  }

  return {
    holdPayment,
    settle,
    settleWaiting,
    /** Starts settling a just-paid order without making the customer wait for the channel. */
    kick(orderId: string): void {
      void settle(orderId).catch((error: unknown) =>
        logger?.error({ err: error, orderId }, 'channel settlement failed; the job retries it'),
      );
    },
    job(): JobDefinition {
      return {
        name: 'trade.settle-channel-orders',
        cron: '* * * * *',
        handle: async (_data, context) => {
          const ended = await settleWaiting();
          if (ended > 0) context.logger.info({ ended }, 'channel orders settled');
        },
      };
    },
  };
}

export type ChannelSettlement = ReturnType<typeof createChannelSettlement>;
