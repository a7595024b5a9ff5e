import type { Quote, SpotOrder } from '@coffer/contract';
import type { OrderRow } from './order.repository';

/** An order as the API answers it, from its row and its quote's description. */
export function spotOrderOf(row: OrderRow, quote: Quote, now: Date): SpotOrder {
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
