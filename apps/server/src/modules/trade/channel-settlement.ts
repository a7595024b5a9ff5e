import { billTypes, type SpotOrderStatus } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import type { JobDefinition } from '../../platform/jobs/job-queue';
import { DomainError } from '../../platform/errors/domain-error';
import { tradeError } from './trade.errors';
import type { Logger } from '../../platform/observability/logger';
import type { Ledger } from '../ledger';
import type { LiquidityChannel } from './liquidity-channel';
import {
  claimChannelOrder,
  claimChannelPayment,
  completeInProgressOrder,
  markOrderRefunded,
  setInProgressOrderAbnormal,
  setOrderHold,
  settleableChannelOrderIds,
  type ChannelOrderRow,
} from './channel-order.repository';
import type { QuoteRow } from './quote.repository';
import { orderJournalKey, paymentOf, settlementJournal, tradeBillType } from './settlement';

export type { ChannelOrderRow } from './channel-order.repository';

/** Another settler reached the end first; this one's transaction was undone. */
class SettledElsewhere extends Error {
  override readonly name = 'SettledElsewhere';
}

/** Paid orders the in-process settler has not picked up by then are the job's. */
const unclaimedAfterSeconds = 5;
const jobBatch = 100;

export const channelHoldKey = (orderId: string) => `trade:order:${orderId}:hold`;
export const channelRefundKey = (orderId: string) => `trade:order:${orderId}:refund`;

/** Large orders' settlement through the liquidity channel: what paying and the job ask of it. */
export interface ChannelSettlement {
  /** Claims a pending channel order and holds its payment; null when it was not payable. */
  holdPayment(row: QuoteRow & { order_id: string }, now: Date): Promise<{ holdId: string } | null>;
  /** Settles one paid channel order if it is settleable now; answers the state it reached, or null. */
  settle(orderId: string): Promise<SpotOrderStatus | null>;
  /** Every channel order waiting for the settler (the job's sweep); answers how many reached an end. */
  settleWaiting(now?: Date): Promise<number>;
  /** Starts settling a just-paid order without making the customer wait for the channel. */
  kick(orderId: string): void;
  job(): JobDefinition;
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
export function createChannelSettlement(deps: {
  db: Db;
  ledger: Ledger;
  channel: LiquidityChannel;
  clock: () => Date;
  logger?: Logger;
}): ChannelSettlement {
  const { db, ledger, channel, clock, logger } = deps;

  async function holdPayment(row: QuoteRow & { order_id: string }, now: Date): Promise<{ holdId: string } | null> {
    const pay = paymentOf(row);
    const account = await ledger.customerAccount(row.user_id, pay.coin);
    const billType = tradeBillType(row.side);
    try {
      return await db.transaction().execute(async (trx) => {
        if (!(await claimChannelPayment(trx, { orderId: row.order_id, userId: row.user_id }, now))) return null;
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
        await setOrderHold(trx, row.order_id, held.holdId);
        return { holdId: held.holdId! };
      });
    } catch (error) {
      if (error instanceof DomainError && error.key === 'insufficientBalance') throw tradeError('tradeInsufficientBalance', {}, 'amount');
      throw error;
    }
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
      if (!(await completeInProgressOrder(trx, row.order_id, now))) throw new SettledElsewhere(row.order_id);
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
      if (!(await setInProgressOrderAbnormal(trx, row.order_id, 'channelRejected', now))) throw new SettledElsewhere(row.order_id);
      await markOrderRefunded(trx, row.order_id, now);
    });
  }

  async function settle(orderId: string): Promise<SpotOrderStatus | null> {
    const row = await claimChannelOrder(db, orderId, clock());
    if (!row) return null;
    let decision;
    try {
      decision = await channel.execute({ orderId, base: row.base_asset, quote: row.quote_asset, side: row.side, price: BigInt(row.price) });
    } catch (error) {
      logger?.warn({ err: error, orderId }, 'liquidity channel did not answer; the order is retried');
      await setInProgressOrderAbnormal(db, orderId, 'channelUnavailable', clock());
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
      if (error instanceof SettledElsewhere || (error instanceof DomainError && error.key === 'holdAlreadyResolved')) return null;
      throw error;
    }
  }

  async function settleWaiting(now = clock()): Promise<number> {
    // Orders paid moments ago are the in-process settler's.
    const unclaimedBefore = new Date(now.getTime() - unclaimedAfterSeconds * 1000);
    const waiting = await settleableChannelOrderIds(db, now, unclaimedBefore, jobBatch);
    let ended = 0;
    for (const id of waiting) {
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
