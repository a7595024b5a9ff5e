import { mkdtemp, readFile, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ed25519 } from '@noble/curves/ed25519.js';
import { errorCatalogue, quoteSigningBytes, signedQuoteFieldOrder, tradePaths, type SignedQuoteFields } from '@coffer/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { DomainError } from '../../platform/errors/domain-error';
import { orderJournalKey } from './order.service';
import { loadSigningSeed, signerFromSeed } from './quote-signer';
import { callAs, ledgerInvariants, testSigningSeed, tradeFixture, type TradeFixture } from '../../../test/trade-kit';
import { canMoveOrder, orderTransitions } from './trade-states';
import type { SpotOrderStatus } from '@coffer/contract';

let database: TestDatabase;
let kit: TradeFixture;

beforeAll(async () => {
  database = await createTestDatabase();
  kit = await tradeFixture(database);
});

afterAll(async () => {
  await kit.app.close();
  await database.drop();
});

const btc = (whole: number) => BigInt(Math.round(whole * 1e8));
const usdt = (whole: number) => BigInt(Math.round(whole * 1e6));

async function errorKeyOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof DomainError) return error.key;
    throw error;
  }
  return 'no error';
}

async function journalsFor(orderNo: string) {
  return database.db.selectFrom('journal').select(['id', 'bill_type']).where('idempotency_key', '=', orderJournalKey(orderNo)).execute();
}

describe('quotes', () => {
  it('prices mid ± spread, fee in the coin received, every rounding in the platform’s favour', async () => {
    const { userId } = await kit.customer();
    const quotes = kit.trade.services.quotes;
    const buy = await quotes.quote(userId, { pair: 'BTC/USDT', side: 'buy', amount: '0.01', amountCoin: 'BTC' });
    // 97,000 × 1.002 = 97,194; 0.01 BTC costs 971.94 USDT; fee 0.1 % of 0.01 BTC = 0.00001 BTC.
    expect(buy).toMatchObject({
      pair: 'BTC/USDT',
      side: 'buy',
      price: '97194',
      baseAmount: '0.01',
      quoteAmount: '971.94',
      payCoin: 'USDT',
      payAmount: '971.94',
      receiveCoin: 'BTC',
      receiveAmount: '0.00999',
      feeCoin: 'BTC',
      fee: '0.00001',
      feeRate: '0.001',
      validitySeconds: 10,
    });
    expect(new Date(buy.expiresAt).getTime() - new Date(buy.issuedAt).getTime()).toBe(10_000);

    const sell = await quotes.quote(userId, { pair: 'BTC/USDT', side: 'sell', amount: '100', amountCoin: 'USDT' });
    // 97,000 × 0.998 = 96,806; 100 USDT needs 0.00103299… BTC, rounded up to 0.001033; fee 0.1 USDT.
    expect(sell).toMatchObject({
      price: '96806',
      baseAmount: '0.001033',
      quoteAmount: '100',
      payAmount: '0.001033',
      receiveAmount: '99.9',
      fee: '0.1',
    });

    const byQuote = await quotes.quote(userId, { pair: 'BTC/USDT', side: 'buy', amount: '1', amountCoin: 'USDT' });
    // 1 USDT buys 0.00001028… BTC, rounded down to 0.00001028; fee rounded up to 0.00000002.
    expect(byQuote).toMatchObject({ baseAmount: '0.00001028', quoteAmount: '1', fee: '0.00000002', receiveAmount: '0.00001026' });

    const stored = await database.db.selectFrom('trade_quote').selectAll().where('id', '=', buy.quoteId).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      user_id: userId,
      purpose: 'spot',
      price: '9719400000000',
      base_amount: '1000000',
      quote_amount: '971940000',
      fee: '1000',
    });
  });

  it('refuses amounts too small or too large and coins outside the pair', async () => {
    const { userId } = await kit.customer();
    const quotes = kit.trade.services.quotes;
    expect(await errorKeyOf(quotes.quote(userId, { pair: 'BTC/USDT', side: 'buy', amount: '0.00000001', amountCoin: 'BTC' }))).toBe(
      'tradeAmountTooSmall',
    );
    expect(await errorKeyOf(quotes.quote(userId, { pair: 'BTC/USDT', side: 'buy', amount: '20', amountCoin: 'BTC' }))).toBe(
      'tradeAmountTooLarge',
    );
    expect(await errorKeyOf(quotes.quote(userId, { pair: 'BTC/USDT', side: 'buy', amount: '1', amountCoin: 'ETH' }))).toBe(
      'invalidParameter',
    );
    expect(await errorKeyOf(quotes.quote(userId, { pair: 'BTC/XRP', side: 'buy', amount: '1', amountCoin: 'BTC' }))).toBe(
      'tradePairNotSupported',
    );
    expect(await errorKeyOf(quotes.quote(userId, { pair: 'BTC/USDT', side: 'buy', amount: '0.000000001', amountCoin: 'BTC' }))).toBe(
      'invalidParameter',
    );
  });

  it('trips the circuit breaker on a move beyond the limit within the window, not outside it', async () => {
    const { userId } = await kit.customer();
    const quotes = kit.trade.services.quotes;
    const request = { pair: 'ETH/USDT', side: 'buy' as const, amount: '1', amountCoin: 'ETH' };
    try {
      // 4 minutes ago ETH was 5.1 % lower: within the 5-minute window, beyond 5 %.
      kit.prices.recordPast(240_000, { ETH: 3_425n * 100_000_000n });
      expect(await errorKeyOf(quotes.quote(userId, request))).toBe('circuitBreaker');
      kit.prices.clearHistory();
      // A 4.9 % move is inside the limit.
      kit.prices.recordPast(240_000, { ETH: 3_432n * 100_000_000n });
      expect((await quotes.quote(userId, request)).pair).toBe('ETH/USDT');
      kit.prices.clearHistory();
      // The same 5.1 % move 6 minutes ago is outside the window.
      kit.prices.recordPast(360_000, { ETH: 3_425n * 100_000_000n });
      expect((await quotes.quote(userId, request)).pair).toBe('ETH/USDT');
    } finally {
      kit.prices.clearHistory();
    }
  });

  it('refuses to quote on stale or missing prices (13010009)', async () => {
    const { userId } = await kit.customer();
    const request = { pair: 'BTC/USDT', side: 'buy' as const, amount: '0.01', amountCoin: 'BTC' };
    try {
      kit.prices.setAge(181_000);
      expect(await errorKeyOf(kit.trade.services.quotes.quote(userId, request))).toBe('quoteRequestFailed');
      kit.prices.setAge(0);
      kit.prices.setDown(true);
      expect(await errorKeyOf(kit.trade.services.quotes.quote(userId, request))).toBe('quoteRequestFailed');
    } finally {
      kit.prices.setAge(0);
      kit.prices.setDown(false);
    }
  });
});

describe('orders', () => {
  async function pendingOrder(userId: string, amount = '0.01') {
    const quote = await kit.trade.services.quotes.quote(userId, { pair: 'BTC/USDT', side: 'buy', amount, amountCoin: 'BTC' });
    return kit.trade.services.orders.place(userId, quote.quoteId);
  }

  it('pays and settles through the ledger: 2007 journal, desk counterparty, fee account', async () => {
    const { userId } = await kit.customer({ USDT: usdt(2000) });
    const order = await pendingOrder(userId);
    expect(order).toMatchObject({ status: 'pendingPayment', isPayable: true, paidAt: null });
    const paid = await kit.trade.services.orders.pay(userId, order.orderNo);
    expect(paid).toMatchObject({ status: 'completed', isPayable: false });
    expect(await kit.available(userId, 'USDT')).toBe(usdt(2000) - usdt(971.94));
    expect(await kit.available(userId, 'BTC')).toBe(btc(0.00999));
    const [journal] = await journalsFor(order.orderNo);
    expect(journal?.bill_type).toBe(2007);
    const legs = await sql<{ owner_type: string; purpose: string; asset: string; amount: string }>`
      select a.owner_type, a.purpose, e.asset, e.amount::text as amount from entry e join ledger_account a on a.id = e.account_id
       where e.journal_id = ${journal!.id} order by e.asset, a.purpose, e.amount`.execute(database.db);
    expect(legs.rows).toEqual([
      { owner_type: 'platform', purpose: 'desk', asset: 'BTC', amount: '-1000000' },
      { owner_type: 'platform', purpose: 'fees', asset: 'BTC', amount: '1000' },
      { owner_type: 'customer', purpose: 'wallet', asset: 'BTC', amount: '999000' },
      { owner_type: 'platform', purpose: 'desk', asset: 'USDT', amount: '971940000' },
      { owner_type: 'customer', purpose: 'wallet', asset: 'USDT', amount: '-971940000' },
    ]);
  });

  it('refuses a payment 1 ms after expiry with 13010004 and moves nothing; 1 ms before it settles', async () => {
    const { userId } = await kit.customer({ USDT: usdt(5000) });
    const late = await pendingOrder(userId);
    kit.clock.set(new Date(new Date(late.expiresAt).getTime() + 1));
    expect(await errorKeyOf(kit.trade.services.orders.pay(userId, late.orderNo))).toBe('quoteExpired');
    expect(await kit.available(userId, 'USDT')).toBe(usdt(5000));
    expect(await kit.available(userId, 'BTC')).toBe(0n);
    expect(await journalsFor(late.orderNo)).toEqual([]);
    const detail = await kit.trade.services.orders.detail(userId, late.orderNo);
    expect(detail).toMatchObject({ status: 'cancelled', statusReason: 'quoteExpired', isPayable: false });
    // Placing an order from an expired quote is refused too.
    const quote = await kit.trade.services.quotes.quote(userId, { pair: 'BTC/USDT', side: 'buy', amount: '0.01', amountCoin: 'BTC' });
    kit.clock.advance(10_000);
    expect(await errorKeyOf(kit.trade.services.orders.place(userId, quote.quoteId))).toBe('quoteExpired');

    const inTime = await pendingOrder(userId);
    kit.clock.set(new Date(new Date(inTime.expiresAt).getTime() - 1));
    expect((await kit.trade.services.orders.pay(userId, inTime.orderNo)).status).toBe('completed');
    expect(await kit.available(userId, 'USDT')).toBe(usdt(5000) - usdt(971.94));
  });

  it('settles once when paid twice, one after the other and concurrently', async () => {
    const { userId } = await kit.customer({ USDT: usdt(5000) });
    const first = await pendingOrder(userId);
    await kit.trade.services.orders.pay(userId, first.orderNo);
    const again = await kit.trade.services.orders.pay(userId, first.orderNo);
    expect(again.status).toBe('completed');
    expect(await journalsFor(first.orderNo)).toHaveLength(1);

    const second = await pendingOrder(userId);
    const results = await Promise.allSettled(Array.from({ length: 12 }, () => kit.trade.services.orders.pay(userId, second.orderNo)));
    expect(results.every((result) => result.status === 'fulfilled' && result.value.status === 'completed')).toBe(true);
    expect(await journalsFor(second.orderNo)).toHaveLength(1);
    expect(await kit.available(userId, 'USDT')).toBe(usdt(5000) - 2n * usdt(971.94));
    expect(await kit.available(userId, 'BTC')).toBe(2n * btc(0.00999));
    expect(await ledgerInvariants(database)).toEqual({ unbalancedAssets: [], negativeCustomerAccounts: 0 });
  });

  it('cancels a pending order; cancelling a completed one is an illegal transition (13010007)', async () => {
    const { userId } = await kit.customer({ USDT: usdt(2000) });
    const pending = await pendingOrder(userId);
    expect(await kit.trade.services.orders.cancel(userId, pending.orderNo)).toMatchObject({
      status: 'cancelled',
      statusReason: 'customer',
    });
    expect((await kit.trade.services.orders.cancel(userId, pending.orderNo)).status).toBe('cancelled');
    expect(await errorKeyOf(kit.trade.services.orders.pay(userId, pending.orderNo))).toBe('illegalOrderTransition');

    const done = await pendingOrder(userId);
    await kit.trade.services.orders.pay(userId, done.orderNo);
    expect(await errorKeyOf(kit.trade.services.orders.cancel(userId, done.orderNo))).toBe('illegalOrderTransition');
    expect((await kit.trade.services.orders.detail(userId, done.orderNo)).status).toBe('completed');
  });

  it('refuses a payment beyond the balance with the trading error and changes nothing', async () => {
    const { userId } = await kit.customer({ USDT: usdt(500) });
    const order = await pendingOrder(userId);
    expect(await errorKeyOf(kit.trade.services.orders.pay(userId, order.orderNo))).toBe('tradeInsufficientBalance');
    expect(await kit.available(userId, 'USDT')).toBe(usdt(500));
    expect((await kit.trade.services.orders.detail(userId, order.orderNo)).status).toBe('pendingPayment');
    expect(await journalsFor(order.orderNo)).toEqual([]);
  });

  it('cancels lapsed pending orders in the expiry job', async () => {
    const { userId } = await kit.customer();
    const order = await pendingOrder(userId);
    kit.clock.advance(10_000);
    expect(await kit.trade.services.orders.expireLapsed()).toBeGreaterThanOrEqual(1);
    expect((await kit.trade.services.orders.detail(userId, order.orderNo)).statusReason).toBe('quoteExpired');
    // Paying what the job just cancelled still tells the customer the quote expired.
    await expect(kit.trade.services.orders.pay(userId, order.orderNo)).rejects.toMatchObject({ key: 'quoteExpired' });
  });

  it('lists orders with filters and paging, scoped to the owner', async () => {
    const { userId } = await kit.customer({ USDT: usdt(5000), BTC: btc(1) });
    const other = await kit.customer();
    const orders = kit.trade.services.orders;
    const start = kit.clock.now();
    const a = await pendingOrder(userId);
    kit.clock.advance(1000);
    const sellQuote = await kit.trade.services.quotes.quote(userId, { pair: 'BTC/USDT', side: 'sell', amount: '0.1', amountCoin: 'BTC' });
    const b = await orders.place(userId, sellQuote.quoteId);
    await orders.pay(userId, b.orderNo);
    kit.clock.advance(1000);
    const ethQuote = await kit.trade.services.quotes.quote(userId, { pair: 'ETH/USDT', side: 'buy', amount: '1', amountCoin: 'ETH' });
    const c = await orders.place(userId, ethQuote.quoteId);
    await pendingOrder(other.userId);

    const all = await orders.list(userId, { pageNo: 1, pageSize: 20 });
    expect(all.total).toBe(3);
    expect(all.records.map((order) => order.orderNo)).toEqual([c.orderNo, b.orderNo, a.orderNo]);
    expect((await orders.list(userId, { pageNo: 2, pageSize: 2 })).records.map((order) => order.orderNo)).toEqual([a.orderNo]);
    expect((await orders.list(userId, { pair: 'ETH/USDT', pageNo: 1, pageSize: 20 })).records.map((order) => order.orderNo)).toEqual([
      c.orderNo,
    ]);
    expect((await orders.list(userId, { side: 'sell', pageNo: 1, pageSize: 20 })).records.map((order) => order.orderNo)).toEqual([
      b.orderNo,
    ]);
    expect((await orders.list(userId, { status: 'completed', pageNo: 1, pageSize: 20 })).total).toBe(1);
    const window = { start: new Date(start.getTime() + 500).toISOString(), end: new Date(start.getTime() + 1500).toISOString() };
    expect((await orders.list(userId, { ...window, pageNo: 1, pageSize: 20 })).records.map((order) => order.orderNo)).toEqual([b.orderNo]);
    expect(await errorKeyOf(orders.list(userId, { start: 'yesterday', pageNo: 1, pageSize: 20 }))).toBe('invalidParameter');

    // Someone else's order does not exist for this customer.
    expect(await errorKeyOf(orders.detail(other.userId, a.orderNo))).toBe('orderNotFound');
    expect(await errorKeyOf(orders.pay(other.userId, a.orderNo))).toBe('orderNotFound');
    expect(await errorKeyOf(orders.cancel(other.userId, a.orderNo))).toBe('orderNotFound');
    expect(await errorKeyOf(orders.place(other.userId, ethQuote.quoteId))).toBe('quoteNotFound');
  });
});

describe('signed receipts', () => {
  it('verify with an independent Ed25519 implementation and fail when any signed field changes', async () => {
    const { userId } = await kit.customer({ USDT: usdt(2000) });
    const quote = await kit.trade.services.quotes.quote(userId, { pair: 'BTC/USDT', side: 'buy', amount: '0.01', amountCoin: 'BTC' });
    const order = await kit.trade.services.orders.place(userId, quote.quoteId);
    await kit.trade.services.orders.pay(userId, order.orderNo);
    const { receipt } = await kit.trade.services.orders.detail(userId, order.orderNo);

    const publicKey = Buffer.from(receipt.publicKey, 'base64');
    const signature = Buffer.from(receipt.signature, 'base64');
    // The public key is the one of the configured seed, computed independently.
    expect(Buffer.from(ed25519.getPublicKey(Buffer.from(testSigningSeed, 'hex'))).equals(publicKey)).toBe(true);
    expect(receipt.signedText).toBe(
      [
        'coffer-quote-v1',
        `keyId=${receipt.keyId}`,
        `quoteId=${quote.quoteId}`,
        'pair=BTC/USDT',
        'side=buy',
        'price=97194',
        'baseAmount=0.01',
        'quoteAmount=971.94',
        'payCoin=USDT',
        'payAmount=971.94',
        'receiveCoin=BTC',
        'receiveAmount=0.00999',
        'feeCoin=BTC',
        'fee=0.00001',
        `expiresAt=${quote.expiresAt}`,
        '',
      ].join('\n'),
    );
    expect(ed25519.verify(signature, new TextEncoder().encode(receipt.signedText), publicKey)).toBe(true);
    expect(ed25519.verify(signature, quoteSigningBytes(receipt.signedFields), publicKey)).toBe(true);
    expect(receipt.journalId).not.toBeNull();
    expect(quote.signature).toBe(receipt.signature);

    for (const field of signedQuoteFieldOrder) {
      const tampered: SignedQuoteFields = { ...receipt.signedFields, [field]: `${receipt.signedFields[field]}0` };
      expect(ed25519.verify(signature, quoteSigningBytes(tampered), publicKey), field).toBe(false);
    }
  });

  it('keeps a generated key under DATA_DIR with mode 0600 and publishes only the public key', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'trade-key-'));
    const seed = await loadSigningSeed({ signingSeedHex: null, dataDir });
    const file = path.join(dataDir, 'trade-signing-key');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await loadSigningSeed({ signingSeedHex: null, dataDir })).toEqual(seed);
    const signer = signerFromSeed(seed);
    expect(JSON.stringify(signer.publicKey)).not.toContain(seed.toString('hex'));
    expect(JSON.stringify(signer.publicKey)).not.toContain(seed.toString('base64'));
    expect((await readFile(file, 'utf8')).trim()).toBe(seed.toString('hex'));
  });
});

describe('order states', () => {
  it('the database trigger holds exactly the transition table', async () => {
    const { userId } = await kit.customer();
    const quote = await kit.trade.services.quotes.quote(userId, { pair: 'BTC/USDT', side: 'buy', amount: '0.01', amountCoin: 'BTC' });
    const statuses = Object.keys(orderTransitions) as SpotOrderStatus[];
    const disagreements: string[] = [];
    for (const from of statuses) {
      for (const to of statuses) {
        if (from === to) continue;
        let accepted = true;
        await database.db
          .transaction()
          .execute(async (trx) => {
            // A refunded order carries its refund time (a check of its own); only the trigger may refuse here.
            await sql`insert into trade_order (user_id, quote_id, pair, side, status, expires_at, created_at, updated_at, refunded_at)
                      values (${userId}, ${quote.quoteId}, 'BTC/USDT', 'buy', ${from}, now(), now(), now(),
                              case when ${from} = 'refunded' then now() end)`.execute(trx);
            await sql`update trade_order set status = ${to}, refunded_at = case when ${to} = 'refunded' then now() end
                       where quote_id = ${quote.quoteId}`
              .execute(trx)
              .catch(() => {
                accepted = false;
              });
            throw new Error('rollback');
          })
          .catch(() => undefined);
        if (accepted !== canMoveOrder(from, to)) disagreements.push(`${from} -> ${to}`);
      }
    }
    expect(disagreements).toEqual([]);
  });
});

describe('HTTP', () => {
  it('answers envelope codes for bad inputs and needs a session', async () => {
    const { client } = await kit.customer();
    const anonymous = await kit.app.inject({
      method: 'POST',
      url: tradePaths.quote,
      payload: { pair: 'BTC/USDT', side: 'buy', amount: '1', amountCoin: 'BTC' },
    });
    expect(anonymous.statusCode).toBe(401);

    const badPair = await client.post(tradePaths.quote, { pair: 'DOGE/USDT', side: 'buy', amount: '1', amountCoin: 'DOGE' });
    expect(badPair.body.code).toBe(errorCatalogue.tradePairNotSupported.code);
    const badAmount = await client.post(tradePaths.quote, { pair: 'BTC/USDT', side: 'buy', amount: '-1', amountCoin: 'BTC' });
    expect(badAmount.body.code).toBe(errorCatalogue.invalidParameter.code);
    const badSide = await client.post(tradePaths.quote, { pair: 'BTC/USDT', side: 'hold', amount: '1', amountCoin: 'BTC' });
    expect(badSide.body.code).toBe(errorCatalogue.invalidParameter.code);
    const missingQuote = await client.post(tradePaths.orders, { quoteId: '999999999' });
    expect(missingQuote.body.code).toBe(errorCatalogue.quoteNotFound.code);
    const missingOrder = await client.post(tradePaths.payOrder.replace(':orderNo', '999999999'));
    expect(missingOrder.body.code).toBe(errorCatalogue.orderNotFound.code);
    const badOrderNo = await client.get(tradePaths.order.replace(':orderNo', 'abc'));
    expect(badOrderNo.body.code).toBe(errorCatalogue.invalidParameter.code);
    const badStatus = await client.get(`${tradePaths.orders}?status=lost`);
    expect(badStatus.body.code).toBe(errorCatalogue.invalidParameter.code);

    const sameCoin = await callAs(kit.app, client, 'PUT', tradePaths.autoSwapSettings, {
      sourceCoin: 'BTC',
      targetCoin: 'BTC',
      enabled: true,
    });
    expect(sameCoin.body.code).toBe(errorCatalogue.invalidParameter.code);
    const noRoute = await callAs(kit.app, client, 'PUT', tradePaths.autoSwapSettings, {
      sourceCoin: 'BTC',
      targetCoin: 'XRP',
      enabled: true,
    });
    expect(noRoute.body.code).toBe(errorCatalogue.tradePairNotSupported.code);
    const noSetting = await callAs(kit.app, client, 'DELETE', tradePaths.autoSwapSetting.replace(':sourceCoin', 'ETH'));
    expect(noSetting.body.code).toBe(errorCatalogue.autoSwapSettingNotFound.code);
  });

  it('quotes, places, pays, lists and shows an order end to end with the market’s prices', async () => {
    const { client, userId } = await kit.customer({ USDT: usdt(1000) });
    const pairs = await client.get(tradePaths.pairs);
    expect(pairs.body.data.pairs.map((pair: { pair: string }) => pair.pair)).toContain('BTC/USDT');
    const keys = await client.get(tradePaths.quoteKeys);
    expect(keys.body.data.keys[0].publicKey).toBe(
      Buffer.from(ed25519.getPublicKey(Buffer.from(testSigningSeed, 'hex'))).toString('base64'),
    );

    const quote = await client.post(tradePaths.quote, { pair: 'btc/usdt', side: 'buy', amount: '10', amountCoin: 'usdt' });
    expect(quote.body.code).toBe(0);
    const placed = await client.post(tradePaths.orders, { quoteId: quote.body.data.quoteId });
    expect(placed.body.data.status).toBe('pendingPayment');
    const paid = await client.post(tradePaths.payOrder.replace(':orderNo', placed.body.data.orderNo));
    expect(paid.body.data.status).toBe('completed');
    expect(await kit.available(userId, 'USDT')).toBe(usdt(990));
    const list = await client.get(`${tradePaths.orders}?status=completed`);
    expect(list.body.data.records).toHaveLength(1);
    const detail = await client.get(tradePaths.order.replace(':orderNo', placed.body.data.orderNo));
    expect(detail.body.data.receipt.signature).toBe(quote.body.data.signature);
    const cancelDone = await client.post(tradePaths.cancelOrder.replace(':orderNo', placed.body.data.orderNo));
    expect(cancelDone.body.code).toBe(errorCatalogue.illegalOrderTransition.code);

    const stranger = await kit.customer();
    const foreign = await stranger.client.get(tradePaths.order.replace(':orderNo', placed.body.data.orderNo));
    expect(foreign.body.code).toBe(errorCatalogue.orderNotFound.code);
    expect((await stranger.client.get(tradePaths.orders)).body.data.total).toBe(0);
  });
});
