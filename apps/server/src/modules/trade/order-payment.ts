import type { SpotOrder } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import { LedgerInvariantError, type Ledger } from '../ledger';
import type { ChannelSettlement } from './channel-settlement';
import { cancelExpiredOrder, createOrderPayer, setOrderAbnormal, type OrderRow, type PayOutcome } from './order.repository';
import type { PlacedOrders } from './placed-orders';
import type { PreparedRunner } from './prepared';
import { ledgerPostArguments, orderJournalKey, settlementJournal } from './settlement';
import { tradeError } from './trade.errors';
import { assertOrderMove } from './trade-states';

/** Paying a spot order (spec §4): the customer's use case `orders.pay`. */
export interface OrderPayment {
  /** Pays and settles; paying a completed order again answers it unchanged (settled once). */
  pay(userId: string, orderNo: string): Promise<SpotOrder>;
}

/**
 * Paying moves the order pendingPayment → pendingSettlement → completed and posts the ledger
 * journal in the same transaction (`trade_pay_order`, one round trip): the order's row is
 * claimed by a conditional update (the row lock that serialises concurrent pays), so an order
 * settles at most once and its state can never disagree with the ledger. A large order's
 * payment is held instead, and the channel settles it.
 */
export function createOrderPayment(deps: {
  db: Db;
  ledger: Ledger;
  clock: () => Date;
  run: PreparedRunner;
  channel: ChannelSettlement;
  /** The orders this process placed lately (shared with placing). */
  placed: PlacedOrders<OrderRow>;
  /** The customer's order; `orderNotFound` otherwise. */
  load(userId: string, orderNo: string): Promise<OrderRow>;
  view(row: OrderRow): Promise<SpotOrder>;
}): OrderPayment {
  const { db, ledger, clock, channel, placed, load, view } = deps;
  const payOrder = createOrderPayer(deps.run);

  /** A pending order whose quote lapsed is cancelled (reason quoteExpired); answers 13010004. */
  async function expire(row: OrderRow, now: Date): Promise<never> {
    await cancelExpiredOrder(db, row.order_id, now);
    throw tradeError('quoteExpired', {}, 'orderNo');
  }

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
    if (row.status === 'cancelled' && row.status_reason === 'quoteExpired') throw tradeError('quoteExpired', {}, 'orderNo');
    if (row.status === 'pendingPayment' && now >= row.expires_at) return expire(row, now);
    throw tradeError('illegalOrderTransition', {}, 'orderNo');
  }

  return {
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
        // An invariant failure is a programming error: the order is set aside for review, nothing moved.
        if (error instanceof LedgerInvariantError) await setOrderAbnormal(db, row.order_id, now);
        throw error;
      }
      if (paid.outcome === 'notFound') throw tradeError('orderNotFound', {}, 'orderNo');
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
      if (paid.outcome === 'expired') throw tradeError('quoteExpired', {}, 'orderNo');
      return unpaid(after, now);
    },
  };
}
