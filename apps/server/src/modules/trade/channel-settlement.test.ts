import { billTypes, type SpotOrderStatus } from '@coffer/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { channelHoldKey, channelRefundKey } from './channel-settlement';
import { simulatedChannel, type ChannelDecision, type LiquidityChannel } from './liquidity-channel';
import { orderJournalKey } from './order.service';
import type { TradeModule } from './index';
import { ledgerInvariants, tradeFixture, type TradeFixture } from '../../../test/trade-kit';

let database: TestDatabase;
let kit: TradeFixture;
/** Orders paying at least 5,000 USD go through the channel in these tests. */
const env = { TRADE_CHANNEL_MIN_USD: '5000', TRADE_CHANNEL_TOLERANCE_PERCENT: '0.5' };

beforeAll(async () => {
  database = await createTestDatabase();
  kit = await tradeFixture(database, env);
});

afterAll(async () => {
  await kit.app.close();
  await database.drop();
});

const usdt = (whole: number) => BigInt(Math.round(whole * 1e6));
/** 0.1 BTC at 97,000 USD with the 0.2 % spread: 9,719.40 USDT. */
const largeBuy = { pair: 'BTC/USDT', side: 'buy', amount: '0.1', amountCoin: 'BTC' } as const;
const largeBuyCost = usdt(9719.4);

/** A channel the test answers by hand: each ask waits until the test decides it (oldest first). */
function handChannel() {
  const waiting = new Map<string, Array<{ resolve: (decision: ChannelDecision) => void; reject: (error: Error) => void }>>();
  const asked: string[] = [];
  const channel: LiquidityChannel = {
    execute: (order) =>
      new Promise((resolve, reject) => {
        asked.push(order.orderId);
        waiting.set(order.orderId, [...(waiting.get(order.orderId) ?? []), { resolve, reject }]);
      }),
  };
  return {
    channel,
    asked,
    async decide(orderId: string, decision: ChannelDecision | Error) {
      for (let tries = 0; !waiting.get(orderId)?.length && tries < 200; tries += 1) await new Promise((resolve) => setTimeout(resolve, 10));
      const pending = waiting.get(orderId)?.shift();
      if (!pending) throw new Error(`order ${orderId} never reached the channel`);
      if (decision instanceof Error) pending.reject(decision);
      else pending.resolve(decision);
    },
  };
}

function moduleWith(channel: LiquidityChannel) {
  return kit.module({ channel });
}

async function orderRow(orderNo: string) {
  return database.db
    .selectFrom('trade_order')
    .select(['status', 'status_reason', 'hold_id', 'refunded_at', 'completed_at'])
    .where('id', '=', orderNo)
    .executeTakeFirstOrThrow();
}

async function waitForStatus(orderNo: string, statuses: SpotOrderStatus[]) {
  for (let tries = 0; tries < 300; tries += 1) {
    const row = await orderRow(orderNo);
    if (statuses.includes(row.status)) return row;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`order ${orderNo} never reached ${statuses.join(' or ')}`);
}

async function frozen(userId: string, asset: string): Promise<bigint> {
  const row = await database.db
    .selectFrom('ledger_account')
    .select('frozen')
    .where('owner_type', '=', 'customer')
    .where('owner_ref', '=', userId)
    .where('asset', '=', asset)
    .executeTakeFirst();
  return BigInt(row?.frozen ?? '0');
}

async function journalKeys(orderNo: string) {
  const rows = await database.db
    .selectFrom('journal')
    .select(['idempotency_key', 'bill_type'])
    .where('reference_type', '=', 'trade_order')
    .where('reference_id', '=', orderNo)
    .orderBy('id')
    .execute();
  return rows.map((row) => `${row.idempotency_key} ${row.bill_type}`);
}

async function placeLarge(trade: TradeModule, userId: string) {
  const quote = await trade.services.quotes.quote(userId, largeBuy);
  expect(quote.settlement).toBe('channel');
  return trade.services.orders.place(userId, quote.quoteId);
}

describe('large orders settled through the liquidity channel', () => {
  it('routes by what the customer pays: small orders settle at once, large ones through the channel', async () => {
    const { userId } = await kit.customer();
    const small = await kit.trade.services.quotes.quote(userId, { ...largeBuy, amount: '0.01' });
    const large = await kit.trade.services.quotes.quote(userId, largeBuy);
    expect([small.settlement, large.settlement]).toEqual(['immediate', 'channel']);
  });

  it('holds the payment when paid, and completes against the hold when the channel fills', async () => {
    const hand = handChannel();
    const trade = moduleWith(hand.channel);
    const { userId } = await kit.customer({ USDT: usdt(20_000) });
    const order = await placeLarge(trade, userId);

    const paid = await trade.services.orders.pay(userId, order.orderNo);
    expect(paid).toMatchObject({ status: 'pendingSettlement', settlement: 'channel', completedAt: null });
    await waitForStatus(order.orderNo, ['inProgress']);
    expect(await kit.available(userId, 'USDT')).toBe(usdt(20_000) - largeBuyCost);
    expect(await frozen(userId, 'USDT')).toBe(largeBuyCost);
    // Paying again answers the order as it is, and holds nothing more.
    expect((await trade.services.orders.pay(userId, order.orderNo)).status).toBe('inProgress');
    expect(await frozen(userId, 'USDT')).toBe(largeBuyCost);

    await hand.decide(order.orderNo, { outcome: 'filled', reason: null });
    const done = await waitForStatus(order.orderNo, ['completed']);
    expect(done.completed_at).not.toBeNull();
    expect(await kit.available(userId, 'USDT')).toBe(usdt(20_000) - largeBuyCost);
    expect(await frozen(userId, 'USDT')).toBe(0n);
    expect(await kit.available(userId, 'BTC')).toBe(9_990_000n); // 0.1 BTC less the 0.1 % fee
    expect(await journalKeys(order.orderNo)).toEqual([
      `${channelHoldKey(order.orderNo)} ${billTypes.tradeBuy}`,
      `${orderJournalKey(order.orderNo)} ${billTypes.tradeBuy}`,
    ]);
    const hold = await database.db.selectFrom('ledger_hold').select('status').where('id', '=', done.hold_id!).executeTakeFirstOrThrow();
    expect(hold.status).toBe('settled');
    const detail = await trade.services.orders.detail(userId, order.orderNo);
    expect(detail.receipt.journalId).not.toBeNull();
    expect(await ledgerInvariants(database)).toEqual({ unbalancedAssets: [], negativeCustomerAccounts: 0 });
  });

  it('refunds the whole payment, with no fee, when the channel rejects: in progress → abnormal → refunded', async () => {
    const hand = handChannel();
    const trade = moduleWith(hand.channel);
    const { userId } = await kit.customer({ USDT: usdt(20_000) });
    const order = await placeLarge(trade, userId);
    await trade.services.orders.pay(userId, order.orderNo);
    await hand.decide(order.orderNo, { outcome: 'rejected', reason: 'priceMoved' });

    const refunded = await waitForStatus(order.orderNo, ['refunded']);
    expect(refunded).toMatchObject({ status_reason: 'channelRejected', completed_at: null });
    expect(refunded.refunded_at).not.toBeNull();
    expect(await kit.available(userId, 'USDT')).toBe(usdt(20_000));
    expect(await frozen(userId, 'USDT')).toBe(0n);
    expect(await kit.available(userId, 'BTC')).toBe(0n);
    expect(await journalKeys(order.orderNo)).toEqual([
      `${channelHoldKey(order.orderNo)} ${billTypes.tradeBuy}`,
      `${channelRefundKey(order.orderNo)} ${billTypes.tradeReturn}`,
    ]);
    const view = await trade.services.orders.pay(userId, order.orderNo);
    expect(view).toMatchObject({ status: 'refunded', statusReason: 'channelRejected' });
    expect(view.refundedAt).not.toBeNull();
    await expect(trade.services.orders.cancel(userId, order.orderNo)).rejects.toMatchObject({ key: 'illegalOrderTransition' });
    expect(await ledgerInvariants(database)).toEqual({ unbalancedAssets: [], negativeCustomerAccounts: 0 });
  });

  it('keeps the payment held while the channel cannot answer, and the job settles it later', async () => {
    const hand = handChannel();
    const trade = moduleWith(hand.channel);
    const { userId } = await kit.customer({ USDT: usdt(20_000) });
    const order = await placeLarge(trade, userId);
    await trade.services.orders.pay(userId, order.orderNo);
    await hand.decide(order.orderNo, new Error('channel timed out'));

    expect(await waitForStatus(order.orderNo, ['abnormal'])).toMatchObject({ status_reason: 'channelUnavailable' });
    expect(await frozen(userId, 'USDT')).toBe(largeBuyCost);

    const sweep = trade.channel.settleWaiting();
    await hand.decide(order.orderNo, { outcome: 'filled', reason: null });
    expect(await sweep).toBe(1);
    expect((await orderRow(order.orderNo)).status).toBe('completed');
    expect(hand.asked.filter((id) => id === order.orderNo)).toHaveLength(2);
    expect(await frozen(userId, 'USDT')).toBe(0n);
    expect(await ledgerInvariants(database)).toEqual({ unbalancedAssets: [], negativeCustomerAccounts: 0 });
  });

  it('changes nothing when the balance is short or the quote lapsed', async () => {
    const hand = handChannel();
    const trade = moduleWith(hand.channel);
    const poor = await kit.customer({ USDT: usdt(1000) });
    const short = await placeLarge(trade, poor.userId);
    await expect(trade.services.orders.pay(poor.userId, short.orderNo)).rejects.toMatchObject({ key: 'tradeInsufficientBalance' });
    expect(await orderRow(short.orderNo)).toMatchObject({ status: 'pendingPayment', hold_id: null });
    expect(await kit.available(poor.userId, 'USDT')).toBe(usdt(1000));

    const { userId } = await kit.customer({ USDT: usdt(20_000) });
    const lapsing = await placeLarge(trade, userId);
    kit.clock.set(new Date(new Date(lapsing.expiresAt).getTime() + 1));
    await expect(trade.services.orders.pay(userId, lapsing.orderNo)).rejects.toMatchObject({ key: 'quoteExpired' });
    expect(await orderRow(lapsing.orderNo)).toMatchObject({ status: 'cancelled', status_reason: 'quoteExpired', hold_id: null });
    expect(await frozen(userId, 'USDT')).toBe(0n);
    expect(hand.asked).toEqual([]);
  });

  it('lets the database refuse a channel order completed without its hold', async () => {
    const { userId } = await kit.customer({ USDT: usdt(20_000) });
    const order = await placeLarge(moduleWith(handChannel().channel), userId);
    // By hand, in a transaction undone afterwards: the order must not wait for a settler later.
    const refused = await database.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('trade_order').set({ status: 'pendingSettlement' }).where('id', '=', order.orderNo).execute();
        await trx.updateTable('trade_order').set({ status: 'completed' }).where('id', '=', order.orderNo).execute();
      })
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ constraint: 'trade_order_channel_settles_held' });
    expect((await orderRow(order.orderNo)).status).toBe('pendingPayment');
  });
});

describe('the simulated channel', () => {
  it('fills within the tolerance, rejects past it, and answers the same decision when asked again', async () => {
    const { userId } = await kit.customer({ USDT: usdt(40_000) });
    const trade = kit.trade;
    const within = await placeLarge(trade, userId);
    const beyond = await placeLarge(trade, userId);
    // The quotes were priced at 97,194 (97,000 + 0.2 %); the market now trades 0.3 % above that…
    kit.prices.setUsd('BTC', 97_485_582n * 100_000n);
    await trade.services.orders.pay(userId, within.orderNo);
    expect((await waitForStatus(within.orderNo, ['completed', 'refunded'])).status).toBe('completed');
    // …and then 1 % above: hedging would lose more than the tolerance.
    kit.prices.setUsd('BTC', 98_165_940n * 100_000n);
    await trade.services.orders.pay(userId, beyond.orderNo);
    expect(await waitForStatus(beyond.orderNo, ['completed', 'refunded'])).toMatchObject({
      status: 'refunded',
      status_reason: 'channelRejected',
    });

    const decisions = await database.db
      .selectFrom('trade_channel_execution')
      .select(['order_id', 'outcome', 'reason'])
      .where('order_id', 'in', [within.orderNo, beyond.orderNo])
      .orderBy('order_id')
      .execute();
    expect(decisions).toEqual([
      { order_id: within.orderNo, outcome: 'filled', reason: null },
      { order_id: beyond.orderNo, outcome: 'rejected', reason: 'priceMoved' },
    ]);
    // Asked again (a settler that stopped after asking), it repeats its answer whatever the market does now.
    const channel = simulatedChannel({
      db: database.db,
      feed: kit.prices.feed,
      tolerancePercent: 5000n,
      maxPriceAgeSeconds: 180,
      clock: kit.clock.now,
    });
    kit.prices.setUsd('BTC', 99_000n * 100_000_000n);
    expect(await channel.execute({ orderId: within.orderNo, base: 'BTC', quote: 'USDT', side: 'buy', price: 9_719_400_000_000n })).toEqual({
      outcome: 'filled',
      reason: null,
    });
    kit.prices.setUsd('BTC', 97_000n * 100_000_000n);
    expect((await orderRow(within.orderNo)).status).toBe('completed');
    expect(await ledgerInvariants(database)).toEqual({ unbalancedAssets: [], negativeCustomerAccounts: 0 });
  });

  it('settles once when two settlers race, and takes over an order whose settler stopped', async () => {
    const { userId } = await kit.customer({ USDT: usdt(20_000) });
    const hand = handChannel();
    const trade = moduleWith(hand.channel);
    const order = await placeLarge(trade, userId);
    await trade.services.orders.pay(userId, order.orderNo);
    await waitForStatus(order.orderNo, ['inProgress']);
    // The first settler is stuck at the channel; a minute later the job takes the order over.
    kit.clock.advance(61_000);
    const takeover = trade.channel.settleWaiting();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await hand.decide(order.orderNo, { outcome: 'filled', reason: null });
    await hand.decide(order.orderNo, { outcome: 'filled', reason: null });
    await takeover;
    await waitForStatus(order.orderNo, ['completed']);
    expect(await journalKeys(order.orderNo)).toEqual([
      `${channelHoldKey(order.orderNo)} ${billTypes.tradeBuy}`,
      `${orderJournalKey(order.orderNo)} ${billTypes.tradeBuy}`,
    ]);
    expect(await kit.available(userId, 'BTC')).toBe(9_990_000n);
    expect(await ledgerInvariants(database)).toEqual({ unbalancedAssets: [], negativeCustomerAccounts: 0 });
  });
});
