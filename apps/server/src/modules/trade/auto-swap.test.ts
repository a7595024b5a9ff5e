import { tradePaths } from '@coffer/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { autoSwapJournalKey } from './auto-swap.service';
import { callAs, ledgerInvariants, tradeFixture, type TradeFixture } from '../../../test/trade-kit';

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

async function swapJournals(userId: string) {
  const records = await database.db.selectFrom('auto_swap_record').select('id').where('user_id', '=', userId).execute();
  if (records.length === 0) return [];
  return database.db
    .selectFrom('journal')
    .select(['id', 'bill_type'])
    .where(
      'idempotency_key',
      'in',
      records.map((record) => autoSwapJournalKey(record.id)),
    )
    .execute();
}

describe('automatic swap', () => {
  it('converts a credited 2001 deposit exactly once, however often and concurrently the trigger runs', async () => {
    const { userId } = await kit.customer();
    const autoSwap = kit.trade.services.autoSwap;
    await autoSwap.saveSetting(userId, { sourceCoin: 'BTC', targetCoin: 'USDT', enabled: true });
    kit.clock.advance(1000);
    const deposit = await kit.fund(userId, 'BTC', 50_000_000n);

    // The deposit module's hook, the scheduled scan twice, and both at once.
    await Promise.all([autoSwap.onDepositCredited(deposit), autoSwap.run(), autoSwap.run()]);
    await autoSwap.run();
    await autoSwap.onDepositCredited(deposit);

    const page = await autoSwap.records(userId, { pageNo: 1, pageSize: 20 });
    expect(page.total).toBe(1);
    // 0.5 BTC at 97,000 × 0.998 = 48,403 USDT; fee 0.1 % = 48.403 USDT.
    expect(page.records[0]).toMatchObject({
      magicKey: deposit,
      sourceCoin: 'BTC',
      targetCoin: 'USDT',
      sourceAmount: '0.5',
      price: '96806',
      targetAmount: '48354.597',
      fee: '48.403',
      status: 'completed',
    });
    expect(await swapJournals(userId)).toEqual([expect.objectContaining({ bill_type: 2008 })]);
    expect(await kit.available(userId, 'BTC')).toBe(0n);
    expect(await kit.available(userId, 'USDT')).toBe(48_354_597_000n);
    expect(await ledgerInvariants(database)).toEqual({ unbalancedAssets: [], negativeCustomerAccounts: 0 });
  });

  it('finds deposits by scanning the journal after its cursor, only those credited after switching on', async () => {
    const { userId } = await kit.customer();
    const autoSwap = kit.trade.services.autoSwap;
    const before = await kit.fund(userId, 'USDT', 1_000_000_000n);
    kit.clock.advance(1000);
    await autoSwap.saveSetting(userId, { sourceCoin: 'USDT', targetCoin: 'ETH', enabled: true });
    // Journals are stamped by the database clock; the setting by the test clock, which may run behind it.
    await database.db
      .updateTable('auto_swap_setting')
      .set({ enabled_at: new Date(Date.now()) })
      .where('user_id', '=', userId)
      .execute();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const after = await kit.fund(userId, 'USDT', 360_000_000n);
    await autoSwap.run();
    const page = await autoSwap.records(userId, { pageNo: 1, pageSize: 20 });
    expect(page.records.map((record) => record.magicKey)).toEqual([after]);
    expect(page.records[0]).toMatchObject({ status: 'completed', pair: 'ETH/USDT', sourceAmount: '360' });
    // 360 USDT buys 360 / 3,607.2 = 0.099800399201596806… ETH (rounded down to wei), less the fee
    // 0.1 % rounded up (99,800,399,201,597 wei).
    expect(await kit.available(userId, 'ETH')).toBe(99_800_399_201_596_806n - 99_800_399_201_597n);
    expect(await kit.available(userId, 'USDT')).toBe(1_000_000_000n);
    expect(before).not.toBe(after);
  });

  it('leaves a swap unsettled when the deposit was spent first, and cancels when switched off first', async () => {
    const { userId } = await kit.customer();
    const autoSwap = kit.trade.services.autoSwap;
    await autoSwap.saveSetting(userId, { sourceCoin: 'XRP', targetCoin: 'USDT', enabled: true });
    await database.db
      .updateTable('auto_swap_setting')
      .set({ enabled_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', userId)
      .execute();
    const spent = await kit.fund(userId, 'XRP', 100_000_000n);
    await kit.ledger.transfer({
      idempotencyKey: `spend-${userId}`,
      billType: 2002,
      from: await kit.ledger.customerAccount(userId, 'XRP'),
      to: await kit.ledger.platformAccount('chain', 'XRP'),
      amount: 60_000_000n,
    });
    await autoSwap.onDepositCredited(spent);
    expect((await autoSwap.records(userId, { pageNo: 1, pageSize: 20 })).records[0]).toMatchObject({
      status: 'unsettle',
      statusReason: 'insufficientBalance',
    });
    expect(await kit.available(userId, 'XRP')).toBe(40_000_000n);

    // Accepted, then switched off before it ran.
    const second = await kit.fund(userId, 'XRP', 10_000_000n);
    await autoSwap.scanDeposits();
    await autoSwap.saveSetting(userId, { sourceCoin: 'XRP', targetCoin: 'USDT', enabled: false });
    await autoSwap.processOpen();
    const records = (await autoSwap.records(userId, { pageNo: 1, pageSize: 20 })).records;
    expect(records.find((record) => record.magicKey === second)).toMatchObject({ status: 'cancelled', statusReason: 'settingDisabled' });
    expect(await kit.available(userId, 'XRP')).toBe(50_000_000n);
    expect((await autoSwap.records(userId, { status: 'cancelled', pageNo: 1, pageSize: 20 })).total).toBe(1);
  });

  it('rejects a deposit too small to convert, and waits out the circuit breaker', async () => {
    const { userId } = await kit.customer();
    const autoSwap = kit.trade.services.autoSwap;
    await autoSwap.saveSetting(userId, { sourceCoin: 'BTC', targetCoin: 'USDC', enabled: true });
    await autoSwap.saveSetting(userId, { sourceCoin: 'USDT', targetCoin: 'BTC', enabled: true });
    await database.db
      .updateTable('auto_swap_setting')
      .set({ enabled_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', userId)
      .execute();
    // 0.000001 USDT buys less than one satoshi.
    const dust = await kit.fund(userId, 'USDT', 1n);
    await autoSwap.onDepositCredited(dust);
    expect((await autoSwap.records(userId, { pageNo: 1, pageSize: 20 })).records[0]).toMatchObject({
      status: 'rejected',
      statusReason: 'tradeAmountTooSmall',
    });

    const deposit = await kit.fund(userId, 'BTC', 1_000_000n);
    try {
      kit.prices.recordPast(120_000, { BTC: 90_000n * 100_000_000n });
      await autoSwap.onDepositCredited(deposit);
      const waiting = (await autoSwap.records(userId, { pageNo: 1, pageSize: 20 })).records.find((record) => record.magicKey === deposit);
      expect(waiting).toMatchObject({ status: 'accepted', statusReason: 'circuitBreaker' });
    } finally {
      kit.prices.clearHistory();
    }
    await autoSwap.processOpen();
    const done = (await autoSwap.records(userId, { pageNo: 1, pageSize: 20 })).records.find((record) => record.magicKey === deposit);
    expect(done?.status).toBe('completed');
  });

  it('keeps settings and records per owner over HTTP', async () => {
    const alice = await kit.customer();
    const bob = await kit.customer();
    const saved = await callAs(kit.app, alice.client, 'PUT', tradePaths.autoSwapSettings, {
      sourceCoin: 'eth',
      targetCoin: 'usdt',
      enabled: true,
    });
    expect(saved.body.data).toMatchObject({ sourceCoin: 'ETH', targetCoin: 'USDT', enabled: true });
    const mine = await alice.client.get(tradePaths.autoSwapSettings);
    expect(mine.body.data.settings).toHaveLength(1);
    expect(mine.body.data.supported).toContainEqual({ sourceCoin: 'USDT', targetCoin: 'BTC' });
    expect((await bob.client.get(tradePaths.autoSwapSettings)).body.data.settings).toEqual([]);
    expect((await callAs(kit.app, bob.client, 'DELETE', tradePaths.autoSwapSetting.replace(':sourceCoin', 'ETH'))).body.code).toBe(
      13010013,
    );
    expect((await callAs(kit.app, alice.client, 'DELETE', tradePaths.autoSwapSetting.replace(':sourceCoin', 'ETH'))).body.code).toBe(0);
    expect((await alice.client.get(tradePaths.autoSwapRecords)).body.data).toMatchObject({ total: 0, records: [] });
  });
});
