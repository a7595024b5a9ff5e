import { verify } from 'node:crypto';
import { quoteSigningBytes } from '@coffer/contract';
import { sql } from 'kysely';
import type { Pool } from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { orderJournalKey } from './order.service';
import { preparedRunner, type PreparedRunner } from './prepared';
import { publishedKey } from './quote-signer';
import { quoteStore, quoteValuesOf } from './quote-store';
import { ledgerPostArguments, settlementJournal, type LedgerPostArguments } from './settlement';
import { ledgerInvariants, tradeFixture, type TradeFixture } from '../../../test/trade-kit';
import type { QuoteRow } from './quote.service';

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

const usdt = (whole: number) => BigInt(Math.round(whole * 1e6));

interface PayRow {
  outcome: string;
  status: string | null;
  status_reason: string | null;
  paid_at: Date | null;
  completed_at: Date | null;
  cancelled_at: Date | null;
  journal_id: string | null;
}

/** A pending buy of 0.01 BTC (971.94 USDT) and the `trade_pay_order` arguments that settle it. */
async function pendingOrder(userId: string) {
  const quote = await kit.trade.services.quotes.quote(userId, { pair: 'BTC/USDT', side: 'buy', amount: '0.01', amountCoin: 'BTC' });
  const order = await kit.trade.services.orders.place(userId, quote.quoteId);
  const row = await database.db.selectFrom('trade_quote').selectAll().where('id', '=', quote.quoteId).executeTakeFirstOrThrow();
  const journal = ledgerPostArguments(
    await settlementJournal(kit.ledger, {
      row: row as QuoteRow,
      userId,
      idempotencyKey: orderJournalKey(order.orderNo),
      reference: { type: 'trade_order', id: order.orderNo },
    }),
  );
  return { order, journal, expiresAt: new Date(order.expiresAt) };
}

function payOrder(orderNo: string, userId: string, now: Date, journal: LedgerPostArguments) {
  return sql<PayRow>`
    select outcome, status, status_reason, paid_at, completed_at, cancelled_at, journal_id::text as journal_id
      from trade_pay_order(${orderNo}::bigint, ${userId}::bigint, ${now}::timestamptz, ${journal.idempotencyKey}, ${journal.requestHash},
                           ${journal.billType}, ${journal.legs}::jsonb)`
    .execute(database.db)
    .then((result) => result.rows[0]!);
}

async function orderState(orderNo: string) {
  return database.db.selectFrom('trade_order').select(['status', 'status_reason']).where('id', '=', orderNo).executeTakeFirstOrThrow();
}

async function journalCount(orderNo: string): Promise<number> {
  const rows = await database.db.selectFrom('journal').select('id').where('idempotency_key', '=', orderJournalKey(orderNo)).execute();
  return rows.length;
}

async function housePendingCount(): Promise<number> {
  const result = await sql<{ n: string }>`select count(*)::text as n from ledger_house_pending`.execute(database.db);
  return Number(result.rows[0]!.n);
}

describe('trade_pay_order (one round trip)', () => {
  it('settles before expiry by the given server time, and past it cancels as quoteExpired without moving money', async () => {
    const { userId } = await kit.customer({ USDT: usdt(5000) });
    const late = await pendingOrder(userId);
    const atExpiry = await payOrder(late.order.orderNo, userId, late.expiresAt, late.journal);
    expect(atExpiry).toMatchObject({ outcome: 'expired', status: 'cancelled', status_reason: 'quoteExpired', journal_id: null });
    expect(atExpiry.cancelled_at?.getTime()).toBe(late.expiresAt.getTime());
    expect(await journalCount(late.order.orderNo)).toBe(0);
    expect(await kit.available(userId, 'USDT')).toBe(usdt(5000));
    // Once cancelled it stays cancelled, even when asked again with an earlier clock.
    const again = await payOrder(late.order.orderNo, userId, new Date(late.expiresAt.getTime() - 5000), late.journal);
    expect(again).toMatchObject({ outcome: 'unchanged', status: 'cancelled', status_reason: 'quoteExpired' });
    expect(await journalCount(late.order.orderNo)).toBe(0);

    const inTime = await pendingOrder(userId);
    const now = new Date(inTime.expiresAt.getTime() - 1);
    const settled = await payOrder(inTime.order.orderNo, userId, now, inTime.journal);
    expect(settled).toMatchObject({ outcome: 'settled', status: 'completed', status_reason: null, cancelled_at: null });
    expect(settled.paid_at?.getTime()).toBe(now.getTime());
    expect(settled.completed_at?.getTime()).toBe(now.getTime());
    const [journal] = await database.db
      .selectFrom('journal')
      .select(['id', 'reference_type', 'reference_id', 'bill_type'])
      .where('idempotency_key', '=', orderJournalKey(inTime.order.orderNo))
      .execute();
    expect(journal).toEqual({ id: settled.journal_id, reference_type: 'trade_order', reference_id: inTime.order.orderNo, bill_type: 2007 });
    expect(await kit.available(userId, 'USDT')).toBe(usdt(5000) - usdt(971.94));
    expect(await kit.available(userId, 'BTC')).toBe(999_000n);
  });

  it('settles once when paid twice, one after the other and concurrently on separate connections', async () => {
    const { userId } = await kit.customer({ USDT: usdt(5000) });
    const first = await pendingOrder(userId);
    const now = kit.clock.now();
    expect((await payOrder(first.order.orderNo, userId, now, first.journal)).outcome).toBe('settled');
    expect(await payOrder(first.order.orderNo, userId, now, first.journal)).toMatchObject({
      outcome: 'unchanged',
      status: 'completed',
      journal_id: null,
    });
    expect(await journalCount(first.order.orderNo)).toBe(1);

    const second = await pendingOrder(userId);
    const results = await Promise.all(Array.from({ length: 12 }, () => payOrder(second.order.orderNo, userId, now, second.journal)));
    expect(results.filter((result) => result.outcome === 'settled')).toHaveLength(1);
    expect(results.every((result) => result.status === 'completed')).toBe(true);
    expect(await journalCount(second.order.orderNo)).toBe(1);
    expect(await kit.available(userId, 'USDT')).toBe(usdt(5000) - 2n * usdt(971.94));
    expect(await kit.available(userId, 'BTC')).toBe(2n * 999_000n);
    expect(await ledgerInvariants(database)).toEqual({ unbalancedAssets: [], negativeCustomerAccounts: 0 });
  });

  it('changes nothing on a short balance: the order stays payable, no journal, no balance or house change', async () => {
    const { userId } = await kit.customer({ USDT: usdt(500) });
    const { order, journal } = await pendingOrder(userId);
    const houseBefore = await housePendingCount();
    await expect(payOrder(order.orderNo, userId, kit.clock.now(), journal)).rejects.toMatchObject({
      code: '23514',
      constraint: 'ledger_account_available_non_negative',
    });
    expect(await orderState(order.orderNo)).toEqual({ status: 'pendingPayment', status_reason: null });
    expect(await journalCount(order.orderNo)).toBe(0);
    expect(await kit.available(userId, 'USDT')).toBe(usdt(500));
    expect(await kit.available(userId, 'BTC')).toBe(0n);
    expect(await housePendingCount()).toBe(houseBefore);

    // Through the service it is the trading error, and a top-up then lets the same order settle.
    await expect(kit.trade.services.orders.pay(userId, order.orderNo)).rejects.toMatchObject({ key: 'tradeInsufficientBalance' });
    await kit.fund(userId, 'USDT', usdt(500));
    expect((await kit.trade.services.orders.pay(userId, order.orderNo)).status).toBe('completed');
  });

  it('answers notFound for someone else’s order and leaves it untouched', async () => {
    const { userId } = await kit.customer({ USDT: usdt(2000) });
    const other = await kit.customer({ USDT: usdt(2000) });
    const { order, journal } = await pendingOrder(userId);
    expect((await payOrder(order.orderNo, other.userId, kit.clock.now(), journal)).outcome).toBe('notFound');
    expect(await orderState(order.orderNo)).toEqual({ status: 'pendingPayment', status_reason: null });
    expect(await journalCount(order.orderNo)).toBe(0);
    await expect(kit.trade.services.orders.pay(other.userId, order.orderNo)).rejects.toMatchObject({ key: 'orderNotFound' });
    expect(await kit.available(other.userId, 'USDT')).toBe(usdt(2000));
  });

  it('posts the journal the ledger itself would: replaying it through ledger.post is a replay, not a conflict', async () => {
    const { userId } = await kit.customer({ USDT: usdt(2000) });
    const quote = await kit.trade.services.quotes.quote(userId, { pair: 'BTC/USDT', side: 'buy', amount: '0.01', amountCoin: 'BTC' });
    const order = await kit.trade.services.orders.place(userId, quote.quoteId);
    const paid = await kit.trade.services.orders.pay(userId, order.orderNo);
    expect(paid.status).toBe('completed');
    const row = await database.db.selectFrom('trade_quote').selectAll().where('id', '=', quote.quoteId).executeTakeFirstOrThrow();
    const journal = await settlementJournal(kit.ledger, {
      row: row as QuoteRow,
      userId,
      idempotencyKey: orderJournalKey(order.orderNo),
      reference: { type: 'trade_order', id: order.orderNo },
    });
    const replay = await kit.ledger.post(journal);
    expect(replay.isReplay).toBe(true);
    expect(await journalCount(order.orderNo)).toBe(1);
    expect(await kit.available(userId, 'USDT')).toBe(usdt(2000) - usdt(971.94));
  });
});

describe('storing quotes with group commit', () => {
  it('stores every quote of a burst once, each signature verifiable against its stored row', async () => {
    const { userId } = await kit.customer();
    const burst = await Promise.all(
      Array.from({ length: 40 }, (_, index) =>
        kit.trade.services.quotes.quote(userId, {
          pair: 'BTC/USDT',
          side: index % 2 ? 'buy' : 'sell',
          amount: `0.0${(index % 9) + 1}`,
          amountCoin: 'BTC',
        }),
      ),
    );
    const ids = burst.map((quote) => quote.quoteId);
    expect(new Set(ids).size).toBe(40);
    const stored = await database.db.selectFrom('trade_quote').select(['id', 'signature', 'key_id']).where('id', 'in', ids).execute();
    expect(stored).toHaveLength(40);
    const { keys } = await kit.trade.services.quotes.keys();
    for (const quote of burst) {
      const row = stored.find((candidate) => candidate.id === quote.quoteId)!;
      expect(row.signature).toBe(quote.signature);
      const key = keys.find((candidate) => candidate.keyId === row.key_id)!;
      const publicKey = publishedKey(key.keyId, key.publicKey).publicKeyPem;
      // The quote's signed fields (`quoteSigningBytes` reads those, in `signedQuoteFieldOrder`, and nothing else).
      expect(verify(null, quoteSigningBytes(quote), publicKey, Buffer.from(row.signature, 'base64'))).toBe(true);
    }
  });

  it('sends waiting quotes as one insert, and a batch with a bad quote fails only that quote', async () => {
    const { userId } = await kit.customer();
    const template = await kit.trade.services.quotes.quote(userId, { pair: 'BTC/USDT', side: 'buy', amount: '0.01', amountCoin: 'BTC' });
    const row = await database.db.selectFrom('trade_quote').selectAll().where('id', '=', template.quoteId).executeTakeFirstOrThrow();
    const statements: string[] = [];
    const pooledRun = preparedRunner(database.db, database.pool);
    const run: PreparedRunner = (name, text, values) => {
      statements.push(name);
      return pooledRun(name, text, values);
    };
    const store = quoteStore(run, { maxInFlight: 1, maxBatch: 64 });
    const ids = (
      await sql<{ id: string }>`select nextval('trade_quote_id_seq')::text as id from generate_series(1, 4)`.execute(database.db)
    ).rows.map((next) => next.id);
    const valuesOf = (id: string, owner: string) => quoteValuesOf({ ...row, id, user_id: owner, purpose: 'spot' });
    // The first leaves alone; the next three wait for it and leave together.
    const outcomes = await Promise.allSettled([
      store.insert(valuesOf(ids[0]!, userId)),
      store.insert(valuesOf(ids[1]!, userId)),
      store.insert(valuesOf(ids[2]!, '999999999')),
      store.insert(valuesOf(ids[3]!, userId)),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[2] as PromiseRejectedResult).reason).toMatchObject({ code: '23503' });
    expect(statements.slice(0, 2)).toEqual(['insert_quote', 'insert_quotes']);
    const stored = await database.db
      .selectFrom('trade_quote')
      .select(['id', 'created_at', 'expires_at'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
    expect(stored.map((quote) => quote.id)).toEqual([ids[0], ids[1], ids[3]]);
    expect(
      stored.every(
        (quote) => quote.created_at.getTime() === row.created_at.getTime() && quote.expires_at.getTime() === row.expires_at.getTime(),
      ),
    ).toBe(true);
  });
});

describe('placing orders with group commit', () => {
  it('answers each of a burst of placements as if alone: new, repeated, someone else’s, expired', async () => {
    const { userId } = await kit.customer();
    const other = await kit.customer();
    const request = { pair: 'BTC/USDT', side: 'buy', amount: '0.01', amountCoin: 'BTC' } as const;
    const quotes = kit.trade.services.quotes;
    const expired = await quotes.quote(userId, request);
    kit.clock.advance(10_000);
    const fresh = await Promise.all(Array.from({ length: 20 }, () => quotes.quote(userId, request)));
    const orders = kit.trade.services.orders;
    const attempts = [
      ...fresh.map((quote) => orders.place(userId, quote.quoteId)),
      orders.place(userId, fresh[0]!.quoteId),
      orders.place(userId, fresh[1]!.quoteId),
      orders.place(other.userId, fresh[2]!.quoteId),
      orders.place(userId, expired.quoteId),
    ];
    const outcomes = await Promise.allSettled(attempts);
    const placed = outcomes
      .slice(0, 20)
      .map((outcome) => (outcome as PromiseFulfilledResult<{ orderNo: string; quoteId: string; status: string }>).value);
    expect(placed.map((order) => order.quoteId)).toEqual(fresh.map((quote) => quote.quoteId));
    expect(placed.every((order) => order.status === 'pendingPayment')).toBe(true);
    expect(new Set(placed.map((order) => order.orderNo)).size).toBe(20);
    expect((outcomes[20] as PromiseFulfilledResult<{ orderNo: string }>).value.orderNo).toBe(placed[0]!.orderNo);
    expect((outcomes[21] as PromiseFulfilledResult<{ orderNo: string }>).value.orderNo).toBe(placed[1]!.orderNo);
    expect((outcomes[22] as PromiseRejectedResult).reason).toMatchObject({ key: 'quoteNotFound' });
    expect((outcomes[23] as PromiseRejectedResult).reason).toMatchObject({ key: 'quoteExpired' });
    const stored = await database.db
      .selectFrom('trade_order')
      .select(['quote_id', 'user_id'])
      .where(
        'quote_id',
        'in',
        [...fresh, expired].map((quote) => quote.quoteId),
      )
      .execute();
    expect(stored).toHaveLength(20);
    expect(stored.every((order) => order.user_id === userId)).toBe(true);
  });
});

/** The items `trade_pay_orders` takes, from `pendingOrder`'s arguments. */
function payItem(orderNo: string, userId: string, now: Date, journal: LedgerPostArguments) {
  return {
    order_id: orderNo,
    user_id: userId,
    now: now.toISOString(),
    key: journal.idempotencyKey,
    hash: journal.requestHash,
    bill_type: journal.billType,
    legs: JSON.parse(journal.legs) as unknown,
  };
}

/** A pool that notes the name of each named statement it runs. */
function recording(pool: Pool, names: string[]): Pool {
  return {
    query: (config: { name: string; text: string; values: unknown[] }) => {
      names.push(config.name);
      return pool.query(config);
    },
  } as unknown as Pool;
}

describe('trade_pay_orders (several pays, one round trip)', () => {
  it('answers each order as if paid alone: settled, repeated, expired, someone else’s', async () => {
    const { userId } = await kit.customer({ USDT: usdt(5000) });
    const other = await kit.customer({ USDT: usdt(5000) });
    const first = await pendingOrder(userId);
    const second = await pendingOrder(userId);
    const late = await pendingOrder(userId);
    const now = kit.clock.now();
    const items = [
      payItem(first.order.orderNo, userId, now, first.journal),
      payItem(first.order.orderNo, userId, now, first.journal),
      payItem(late.order.orderNo, userId, late.expiresAt, late.journal),
      payItem(second.order.orderNo, other.userId, now, second.journal),
      payItem(second.order.orderNo, userId, now, second.journal),
    ];
    const rows = (
      await sql<{ ordinal: number; outcome: string; status: string | null }>`
        select ordinal, outcome, status from trade_pay_orders(${JSON.stringify(items)}::jsonb)`.execute(database.db)
    ).rows;
    expect(rows).toEqual([
      { ordinal: 1, outcome: 'settled', status: 'completed' },
      { ordinal: 2, outcome: 'unchanged', status: 'completed' },
      { ordinal: 3, outcome: 'expired', status: 'cancelled' },
      { ordinal: 4, outcome: 'notFound', status: null },
      { ordinal: 5, outcome: 'settled', status: 'completed' },
    ]);
    expect([
      await journalCount(first.order.orderNo),
      await journalCount(second.order.orderNo),
      await journalCount(late.order.orderNo),
    ]).toEqual([1, 1, 0]);
    expect(await kit.available(userId, 'USDT')).toBe(usdt(5000) - 2n * usdt(971.94));
    expect(await kit.available(other.userId, 'USDT')).toBe(usdt(5000));
    expect(await ledgerInvariants(database)).toEqual({ unbalancedAssets: [], negativeCustomerAccounts: 0 });
  });

  it('is undone whole by one short balance, and the service then pays the others one by one', async () => {
    const statements: string[] = [];
    const pooled = kit.module({
      pool: recording(database.pool, statements),
    });
    const rich = await kit.customer({ USDT: usdt(20_000) });
    const poor = await kit.customer({ USDT: usdt(10) });
    const request = { pair: 'BTC/USDT', side: 'buy', amount: '0.01', amountCoin: 'BTC' } as const;
    const place = async (userId: string) =>
      pooled.services.orders.place(userId, (await pooled.services.quotes.quote(userId, request)).quoteId);
    const orders = [
      ...(await Promise.all(Array.from({ length: 9 }, () => place(rich.userId)))).map((order) => ({ order, userId: rich.userId })),
    ];
    orders.splice(6, 0, { order: await place(poor.userId), userId: poor.userId });

    statements.length = 0;
    const outcomes = await Promise.allSettled(orders.map(({ order, userId }) => pooled.services.orders.pay(userId, order.orderNo)));
    expect(statements).toContain('trade_pay_orders');
    expect(
      outcomes.map((outcome) => (outcome.status === 'fulfilled' ? outcome.value.status : (outcome.reason as { key: string }).key)),
    ).toEqual([
      ...Array.from({ length: 6 }, () => 'completed'),
      'tradeInsufficientBalance',
      ...Array.from({ length: 3 }, () => 'completed'),
    ]);
    expect(await kit.available(rich.userId, 'USDT')).toBe(usdt(20_000) - 9n * usdt(971.94));
    expect(await kit.available(poor.userId, 'USDT')).toBe(usdt(10));
    expect(await orderState(orders[6]!.order.orderNo)).toEqual({ status: 'pendingPayment', status_reason: null });
    expect(await ledgerInvariants(database)).toEqual({ unbalancedAssets: [], negativeCustomerAccounts: 0 });
  });
});

describe('commits that need not wait for the disk', () => {
  it('are the async-commit pool’s alone: quotes and placements there, pays on the durable pool', async () => {
    const setting = async (pool: Pool) =>
      (await pool.query<{ synchronous_commit: string }>('show synchronous_commit')).rows[0]!.synchronous_commit;
    expect(await setting(database.asyncCommitPool)).toBe('off');
    expect(await setting(database.pool)).toBe('on');

    const durable: string[] = [];
    const relaxed: string[] = [];
    const pooled = kit.module({
      pool: recording(database.pool, durable),
      asyncCommitPool: recording(database.asyncCommitPool, relaxed),
    });
    const { userId } = await kit.customer({ USDT: usdt(5000) });
    const quote = await pooled.services.quotes.quote(userId, { pair: 'BTC/USDT', side: 'buy', amount: '0.01', amountCoin: 'BTC' });
    const order = await pooled.services.orders.place(userId, quote.quoteId);
    expect((await pooled.services.orders.pay(userId, order.orderNo)).status).toBe('completed');
    expect(relaxed).toEqual(['trade_insert_quote', 'trade_place_order']);
    expect(durable).toEqual(['trade_pay_order']);
  });
});

describe('paying through the named prepared statements of a pooled module', () => {
  it('pays orders placed by another process (read first) and by itself (straight away), each once', async () => {
    const pooled = kit.module({
      pool: database.pool,
      asyncCommitPool: database.asyncCommitPool,
    });
    const { userId } = await kit.customer({ USDT: usdt(5000) });
    const request = { pair: 'BTC/USDT', side: 'buy', amount: '0.01', amountCoin: 'BTC' } as const;

    const elsewhere = await kit.trade.services.orders.place(userId, (await kit.trade.services.quotes.quote(userId, request)).quoteId);
    const here = await pooled.services.orders.place(userId, (await pooled.services.quotes.quote(userId, request)).quoteId);
    for (const order of [elsewhere, here]) {
      const results = await Promise.all([
        pooled.services.orders.pay(userId, order.orderNo),
        pooled.services.orders.pay(userId, order.orderNo),
      ]);
      expect(results.map((result) => result.status)).toEqual(['completed', 'completed']);
      expect(results[0]?.completedAt).toBe(results[1]?.completedAt);
      expect(await journalCount(order.orderNo)).toBe(1);
    }
    expect(await kit.available(userId, 'USDT')).toBe(usdt(5000) - 2n * usdt(971.94));

    // Past expiry by the server clock, a remembered order is refused and cancelled all the same.
    const lapsing = await pooled.services.orders.place(userId, (await pooled.services.quotes.quote(userId, request)).quoteId);
    kit.clock.set(new Date(new Date(lapsing.expiresAt).getTime() + 1));
    await expect(pooled.services.orders.pay(userId, lapsing.orderNo)).rejects.toMatchObject({ key: 'quoteExpired' });
    expect(await orderState(lapsing.orderNo)).toEqual({ status: 'cancelled', status_reason: 'quoteExpired' });
    expect(await kit.available(userId, 'USDT')).toBe(usdt(5000) - 2n * usdt(971.94));
  });
});
