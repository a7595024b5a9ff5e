import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { depositPaths, walletPaths, withdrawalPaths } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { signUpByEmail, type identityClient } from '../../../test/identity-helpers';
import { signInOperator } from '../../../test/operator-kit';
import { loadConfig } from '../../platform/config';
import {
  bitcoinBalances,
  bitcoinHotWalletAddress,
  bitcoinHotWalletSender,
  bitcoinReceivingChain,
  checkBitcoinAddress,
  deriveDepositAddress,
  HdSeed,
  maxXrpDepositIndex,
  xrpDepositTag,
  xrpHotWalletAddress,
  xrpReceivingChain,
  xrpSendingChain,
} from '../chain';
import {
  bitcoinDevFaucet,
  createBitcoinDevnet,
  createXrpDevnet,
  fundDevnetBitcoinHotWallet,
  fundDevnetXrpHotWallet,
  xrpDevFaucet,
  type BitcoinDevnet,
  type XrpDevnet,
} from '../chain/devnets';
import { createLedger } from '../ledger/ledger.service';
import { createTradeModule } from '../trade';
import { manualFeed, testSigningSeed } from '../../../test/trade-kit';
import { recordHotWalletFunding, withdrawalSendingRecords } from '../withdrawals/withdrawal-chains';
import { createAssetsModule } from '../assets';
import { createDepositSettings } from './deposit-settings';
import { createDepositWatcher, type DepositWatcher } from './deposit-watcher';

const seed = new HdSeed(randomBytes(64));
let database: TestDatabase;
let app: FastifyInstance;
let bitcoin: BitcoinDevnet;
let xrp: XrpDevnet;
let counter = 0;

/** Every warning the watchers log, to see what they leave for review. */
const warnings: Array<Record<string, unknown>> = [];
const logger = pino(
  { level: 'warn' },
  new Writable({
    write(chunk: Buffer, _encoding, done) {
      warnings.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  }),
);

/** Journals the after-credit hook was called with, and whether their deposit had committed as credited by then. */
const hookCalls: Array<{ journalId: string; creditedWhenCalled: boolean }> = [];
let swapHook: ((journalId: string) => Promise<void>) | null = null;

function watcher(source: 'bitcoin' | 'xrpl'): DepositWatcher {
  return createDepositWatcher({
    db: database.db,
    ledger: createLedger(database.db),
    settings: createDepositSettings(createAssetsModule({ db: database.db }).api),
    source: source === 'bitcoin' ? bitcoinReceivingChain(bitcoin, seed).source : xrpReceivingChain(xrp, seed).source,
    logger,
    options: { initialLookback: 1_000 },
    onCredited: async (journalId) => {
      const deposit = await database.db.selectFrom('deposit').select('status').where('journal_id', '=', journalId).executeTakeFirst();
      hookCalls.push({ journalId, creditedWhenCalled: deposit?.status === 'credited' });
      await swapHook?.(journalId);
    },
  });
}

async function customer() {
  counter += 1;
  const email = `chains${counter}-${Date.now() % 100000}@coffer.test`;
  const { client } = await signUpByEmail(app, email);
  const user = await database.db.selectFrom('app_user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { client, userId: user.id };
}

async function depositAddress(client: ReturnType<typeof identityClient>, coin: 'BTC' | 'XRP') {
  const answer = await client.get(`${depositPaths.depositAddress}?coin=${coin}&chain=${coin === 'BTC' ? 'bitcoin' : 'xrpl'}`);
  expect(answer.body.code).toBe(0);
  return answer.body.data as { address: string; memo: string | null; minDeposit: string; confirmationsToCredit: number; qrCode: string };
}

async function available(client: ReturnType<typeof identityClient>, coin: string): Promise<string> {
  const table = await client.get(walletPaths.bitAssets);
  return (table.body.data.rows as Array<{ coin: string; available: string }>).find((row) => row.coin === coin)!.available;
}

beforeAll(async () => {
  database = await createTestDatabase();
  bitcoin = createBitcoinDevnet(database.db);
  xrp = createXrpDevnet(database.db);
  const records = withdrawalSendingRecords(database.db);
  const xrpChain = xrpSendingChain({ node: xrp, seed, records });
  app = await buildTestApp(database.db, {
    depositChains: {
      chains: [bitcoinReceivingChain(bitcoin, seed), xrpReceivingChain(xrp, seed)],
      faucets: [bitcoinDevFaucet(bitcoin), xrpDevFaucet(xrp)],
    },
    withdrawalChains: {
      senders: new Map([
        ['bitcoin', bitcoinHotWalletSender({ node: bitcoin, seed, records, sweepDeposits: true })],
        ['xrpl', xrpChain.sender],
      ]),
      readers: [bitcoinBalances(bitcoin, seed), xrpChain.balances!],
      contractCheckers: new Map(),
      bitcoinNetwork: 'regtest',
      xrpNetwork: 'testnet',
    },
  });
}, 30_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('Bitcoin and XRP deposits on the devnets', () => {
  it('gives each customer a BIP84 regtest address, and the shared XRP account with a destination tag of their own', async () => {
    const ann = await customer();
    const bob = await customer();
    const annBtc = await depositAddress(ann.client, 'BTC');
    const bobBtc = await depositAddress(bob.client, 'BTC');
    expect(annBtc).toMatchObject({ memo: null, minDeposit: '0.0005', confirmationsToCredit: 1 });
    expect(annBtc.address).toMatch(/^bcrt1q/);
    expect(checkBitcoinAddress(annBtc.address, 'regtest').valid).toBe(true);
    expect(annBtc.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(bobBtc.address).not.toBe(annBtc.address);
    const indexes = await database.db
      .selectFrom('deposit_address')
      .select(['address', 'derivation_index'])
      .where('chain', '=', 'bitcoin')
      .execute();
    for (const row of indexes) expect(row.address).toBe(deriveDepositAddress(seed.bytes(), 'BTC', row.derivation_index, 'regtest'));
    expect((await depositAddress(ann.client, 'BTC')).address).toBe(annBtc.address);

    const annXrp = await depositAddress(ann.client, 'XRP');
    const bobXrp = await depositAddress(bob.client, 'XRP');
    expect(annXrp.address).toBe(xrpHotWalletAddress(seed.bytes()));
    expect(bobXrp.address).toBe(annXrp.address);
    expect(annXrp.memo).toMatch(/^[1-9]\d{8}$/);
    expect(bobXrp.memo).not.toBe(annXrp.memo);
    expect((await depositAddress(ann.client, 'XRP')).memo).toBe(annXrp.memo);

    const options = await ann.client.get(depositPaths.dwOption);
    const chains = (
      options.body.data as Array<{
        coin: string;
        chains: Array<{ chain: string; depositEnabled: boolean; devFaucet?: boolean; needsMemo: boolean }>;
      }>
    ).flatMap((option) => option.chains.map((chain) => ({ coin: option.coin, ...chain })));
    expect(chains.find((chain) => chain.coin === 'BTC')).toMatchObject({
      chain: 'bitcoin',
      depositEnabled: true,
      devFaucet: true,
      needsMemo: false,
    });
    expect(chains.find((chain) => chain.coin === 'XRP')).toMatchObject({
      chain: 'xrpl',
      depositEnabled: true,
      devFaucet: true,
      needsMemo: true,
    });
  });

  it('derives XRP tags that are unique, nine digits and not sequential', () => {
    const tags = new Set<string>();
    for (let index = 0; index < 50_000; index += 1) tags.add(xrpDepositTag(index));
    expect(tags.size).toBe(50_000);
    expect([...tags].every((tag) => /^[1-9]\d{8}$/.test(tag))).toBe(true);
    expect(Math.abs(Number(xrpDepositTag(1)) - Number(xrpDepositTag(0)))).toBeGreaterThan(1_000);
    expect(tags.has('100000000')).toBe(false);
    expect(xrpDepositTag(maxXrpDepositIndex)).toMatch(/^[1-9]\d{8}$/);
    expect(() => xrpDepositTag(maxXrpDepositIndex + 1)).toThrow(RangeError);
  });

  it('credits a faucet BTC deposit once at 1 confirmation, calls the after-credit hook after the commit, and never credits below the minimum', async () => {
    const carl = await customer();
    const { address } = await depositAddress(carl.client, 'BTC');
    const btcWatcher = watcher('bitcoin');
    const drip = await carl.client.post(depositPaths.devFaucet, { coin: 'BTC' });
    expect(drip.body.data).toMatchObject({ coin: 'BTC', chain: 'bitcoin', amount: '0.05', address });
    const dust = await bitcoin.faucet(address, 10_000n);

    // In the mempool: nothing is recorded yet.
    expect(await btcWatcher.tick()).toMatchObject({ detected: 0, credited: 0 });
    await bitcoin.mineBlock();
    expect(await btcWatcher.tick()).toMatchObject({ detected: 2, credited: 1 });
    expect(await btcWatcher.tick()).toMatchObject({ detected: 0, credited: 0 });
    await bitcoin.mineBlock();
    // A restarted watcher over the same database neither finds nor credits it again.
    expect(await watcher('bitcoin').tick()).toMatchObject({ detected: 0, credited: 0 });
    expect(await available(carl.client, 'BTC')).toBe('0.05');

    const rows = await database.db
      .selectFrom('deposit')
      .select(['txid', 'status', 'fail_reason', 'journal_id'])
      .where('user_id', '=', carl.userId)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      expect.objectContaining({ txid: drip.body.data.txid, status: 'credited' }),
      expect.objectContaining({ txid: dust, status: 'failed', fail_reason: 'belowMinimum', journal_id: null }),
    ]);
    await btcWatcher.idle();
    expect(hookCalls.filter((call) => call.journalId === rows[0]!.journal_id)).toEqual([
      { journalId: rows[0]!.journal_id, creditedWhenCalled: true },
    ]);
  });

  it('credits an XRP deposit to the customer its tag names; a missing or unknown tag credits nobody and is logged for review', async () => {
    const dora = await customer();
    const emil = await customer();
    const doraXrp = await depositAddress(dora.client, 'XRP');
    const emilXrp = await depositAddress(emil.client, 'XRP');
    const xrpWatcher = watcher('xrpl');
    await xrpWatcher.tick();

    const drip = await dora.client.post(depositPaths.devFaucet, { coin: 'XRP' });
    expect(drip.body.data).toMatchObject({ coin: 'XRP', chain: 'xrpl', amount: '100', address: doraXrp.address });
    const toEmil = await xrp.faucet(emilXrp.address, 42_000_000n, Number(emilXrp.memo));
    const untagged = await xrp.faucet(doraXrp.address, 30_000_000n);
    const unknownTag = await xrp.faucet(doraXrp.address, 31_000_000n, 7);
    await xrp.closeLedger();
    expect(await xrpWatcher.tick()).toMatchObject({ detected: 2, credited: 2 });
    expect(await xrpWatcher.tick()).toMatchObject({ detected: 0, credited: 0 });

    expect(await available(dora.client, 'XRP')).toBe('100');
    expect(await available(emil.client, 'XRP')).toBe('42');
    const doraDeposits = await database.db
      .selectFrom('deposit')
      .select(['txid', 'memo', 'status'])
      .where('user_id', '=', dora.userId)
      .execute();
    expect(doraDeposits).toEqual([{ txid: drip.body.data.txid, memo: doraXrp.memo, status: 'credited' }]);
    const emilDeposits = await database.db
      .selectFrom('deposit')
      .select(['txid', 'memo', 'status'])
      .where('user_id', '=', emil.userId)
      .execute();
    expect(emilDeposits).toEqual([{ txid: toEmil, memo: emilXrp.memo, status: 'credited' }]);
    expect(await database.db.selectFrom('deposit').select('id').where('txid', 'in', [untagged, unknownTag]).execute()).toEqual([]);
    const review = warnings.filter((line) => line.alert === 'unattributed-deposit');
    expect(review).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ txid: untagged, tag: null, amount: '30000000' }),
        expect.objectContaining({ txid: unknownTag, tag: '7', amount: '31000000' }),
      ]),
    );
  });

  it('swaps a credited deposit at once through the hook into the trade module', async () => {
    const fay = await customer();
    const clock = { now: () => new Date() };
    const trade = createTradeModule({
      db: database.db,
      assets: createAssetsModule({ db: database.db }).api,
      ledger: createLedger(database.db),
      config: loadConfig({ NODE_ENV: 'test', TRADE_SIGNING_KEY: testSigningSeed }),
      market: { latestUsdPrices: async () => new Map(), usdMinuteCloses: async () => [] },
      clock: clock.now,
      feed: manualFeed(clock).feed,
      priceCacheMs: 0,
    });
    await trade.services.autoSwap.saveSetting(fay.userId, { sourceCoin: 'BTC', targetCoin: 'USDT', enabled: true });
    swapHook = (journalId) => trade.services.autoSwap.onDepositCredited(journalId);
    try {
      await depositAddress(fay.client, 'BTC');
      const btcWatcher = watcher('bitcoin');
      await fay.client.post(depositPaths.devFaucet, { coin: 'BTC' });
      await bitcoin.mineBlock();
      expect(await btcWatcher.tick()).toMatchObject({ credited: 1 });
      await btcWatcher.idle();
    } finally {
      swapHook = null;
    }
    // No scheduled scan ran: the hook alone made and settled the swap.
    const page = await trade.services.autoSwap.records(fay.userId, { pageNo: 1, pageSize: 10 });
    expect(page.records).toEqual([
      expect.objectContaining({ sourceCoin: 'BTC', targetCoin: 'USDT', sourceAmount: '0.05', status: 'completed' }),
    ]);
    expect(await available(fay.client, 'BTC')).toBe('0');
  });

  it('funds the devnet hot wallets once, and reconciliation finds on chain exactly the ledger plus what was credited to nobody', async () => {
    const ledger = createLedger(database.db);
    const onFunded = (funding: { asset: string; amount: bigint; txid: string }) =>
      recordHotWalletFunding(ledger, funding.asset, funding.amount, funding.txid);
    const fundBitcoin = () => fundDevnetBitcoinHotWallet({ devnet: bitcoin, seed, logger, onFunded });
    const fundXrp = () => fundDevnetXrpHotWallet({ devnet: xrp, seed, logger, onFunded });
    await fundBitcoin();
    await fundXrp();
    await fundBitcoin();
    await fundXrp();
    expect(await bitcoin.confirmedBalance([bitcoinHotWalletAddress(seed.bytes(), bitcoin)])).toBe(10n * 100_000_000n);
    expect((await xrp.accountInfo(xrpHotWalletAddress(seed.bytes())))?.balance).toBe(
      10_000n * 1_000_000n + 100_000_000n + 42_000_000n + 30_000_000n + 31_000_000n,
    );

    const run = await app.inject({
      method: 'POST',
      url: withdrawalPaths.reconciliationRun,
      headers: { cookie: (await signInOperator(app, database.db, { role: 'finance' })).cookie },
    });
    const lines = run.json().data.lines as Array<{ chain: string; asset: string; difference: string }>;
    // BTC: the below-minimum deposit is on chain and credited to nobody.
    expect(lines.find((line) => line.asset === 'BTC')).toMatchObject({ chain: 'bitcoin', difference: '10000' });
    // XRP: the untagged and wrongly tagged payments sit on the shared account, credited to nobody.
    expect(lines.find((line) => line.asset === 'XRP')).toMatchObject({ chain: 'xrpl', difference: String(30_000_000 + 31_000_000) });
  });

  it('lets a Bitcoin withdrawal spend the customers’ confirmed deposit outputs, change going to the hot wallet', async () => {
    const hot = bitcoinHotWalletAddress(seed.bytes(), bitcoin);
    const depositAddresses = (
      await database.db.selectFrom('deposit_address').select('address').where('chain', '=', 'bitcoin').execute()
    ).map((row) => row.address);
    const deposited = await bitcoin.confirmedBalance(depositAddresses);
    expect(deposited).toBe(10_000_000n + 10_000n);
    const sender = bitcoinHotWalletSender({ node: bitcoin, seed, records: withdrawalSendingRecords(database.db), sweepDeposits: true });
    const destination = deriveDepositAddress(randomBytes(64), 'BTC', 0, 'regtest');
    // More than the hot wallet holds: only with the deposit outputs can it be paid.
    const signed = await sender.buildAndSign({ to: destination, asset: 'BTC', amount: 10n * 100_000_000n + 5_000_000n });
    await sender.broadcast(signed.raw);
    await bitcoin.mineBlock();
    expect(await bitcoin.confirmedBalance([destination])).toBe(10n * 100_000_000n + 5_000_000n);
    expect((await bitcoin.confirmedBalance([hot, ...depositAddresses])) + 10n * 100_000_000n + 5_000_000n + signed.networkFee).toBe(
      10n * 100_000_000n + deposited,
    );
    // Without sweeping, the hot wallet's own coins are all a withdrawal may use.
    const hotOnly = bitcoinHotWalletSender({ node: bitcoin, seed, records: withdrawalSendingRecords(database.db) });
    await expect(
      hotOnly.buildAndSign({ to: destination, asset: 'BTC', amount: (await bitcoin.confirmedBalance([hot])) + 1n }),
    ).rejects.toThrow(/cannot cover/);
  });
});
