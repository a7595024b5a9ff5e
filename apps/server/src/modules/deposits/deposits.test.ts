import { randomBytes } from 'node:crypto';
import { depositPaths, walletPaths } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { parseEther, type Address } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { anvilTestClient, localWalletClient, startTestEvmNode } from '../../../test/evm-kit';
import { identityClient, signUpByEmail } from '../../../test/identity-helpers';
import { evmReceivingChain, HdSeed, type EvmNode } from '../chain';
import { evmDevFaucet, localFunder, type AnvilProcess } from '../chain/devnets';
import { nativeTransferLogIndex } from '../chain/evm/evm-chain-source';
import { createLedger } from '../ledger/ledger.service';
import { createLogger } from '../../platform/observability/logger';
import { createAssetsModule } from '../assets';
import { createDepositSettings } from './deposit-settings';
import { createDepositWatcher, type DepositWatcher } from './deposit-watcher';
import { createWatcherRunner, tickExclusively } from './watcher-runner';

let database: TestDatabase;
let app: FastifyInstance;
let anvil: AnvilProcess;
let node: EvmNode;
const seed = new HdSeed(randomBytes(64));
let counter = 0;

const silentLogger = createLogger({ LOG_LEVEL: 'silent' });
const testClient = () => anvilTestClient(anvil.rpcUrl);

/** A fresh watcher over the same database and chain: what a restarted process builds. */
function newWatcher(): DepositWatcher {
  return createDepositWatcher({
    db: database.db,
    ledger: createLedger(database.db),
    settings: createDepositSettings(createAssetsModule({ db: database.db }).api),
    source: evmReceivingChain(node, seed).source,
    logger: silentLogger,
    options: { initialLookback: 1 },
  });
}

async function mine(blocks: number): Promise<void> {
  await testClient().mine({ blocks });
}

async function customer() {
  counter += 1;
  const email = `deposit${counter}-${Date.now() % 100000}@coffer.test`;
  const { client } = await signUpByEmail(app, email);
  const address = await client.get(`${depositPaths.depositAddress}?coin=ETH&chain=ethereum`);
  expect(address.body.code).toBe(0);
  return { client, address: address.body.data.address as Address };
}

async function available(client: ReturnType<typeof identityClient>, coin: string): Promise<string> {
  const table = await client.get(walletPaths.bitAssets);
  return (table.body.data.rows as Array<{ coin: string; available: string }>).find((row) => row.coin === coin)!.available;
}

async function records(client: ReturnType<typeof identityClient>, body: Record<string, unknown> = {}) {
  const answer = await client.post(depositPaths.dwRecords, body);
  expect(answer.body.code).toBe(0);
  return answer.body.data as {
    total: number;
    records: Array<{ coin: string; amount: string; status: number; progress: string; failReason: string | null; txid: string }>;
  };
}

async function sendEth(to: Address, value: bigint): Promise<string> {
  const wallet = localWalletClient(anvil.rpcUrl);
  return wallet.sendTransaction({ account: localFunder, to, value });
}

beforeAll(async () => {
  ({ anvil, node } = await startTestEvmNode());
  database = await createTestDatabase();
  app = await buildTestApp(database.db, { depositChains: { chains: [evmReceivingChain(node, seed)], faucets: [evmDevFaucet(node)] } });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
  await anvil?.stop();
});

describe('deposit addresses and options', () => {
  it('gives each customer one derived address per chain, with a QR code, the same ever after', async () => {
    const alice = await customer();
    const bob = await customer();
    expect(alice.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(alice.address).not.toBe(bob.address);
    const usdt = await alice.client.get(`${depositPaths.depositAddress}?coin=usdt&chain=ethereum`);
    expect(usdt.body.data).toMatchObject({
      coin: 'USDT',
      chain: 'ethereum',
      address: alice.address,
      memo: null,
      minDeposit: '1',
      confirmationsToCredit: 12,
      tokenStandard: 'erc20',
      contractAddress: node.tokens.USDT,
    });
    expect(usdt.body.data.qrCode).toMatch(/^data:image\/png;base64,/);
    const row = await database.db
      .selectFrom('deposit_address')
      .select(['derivation_index', 'address'])
      .where('address', '=', alice.address)
      .executeTakeFirstOrThrow();
    expect(evmReceivingChain(node, seed).deriveAddress(row.derivation_index).address).toBe(alice.address);
    // The seed is nowhere in an answer or a stored row.
    const seedHex = Buffer.from(seed.bytes()).toString('hex');
    expect(JSON.stringify(usdt.body)).not.toContain(seedHex.slice(0, 32));
    const stored = await database.db.selectFrom('deposit_address').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(seedHex.slice(0, 32));
  });

  it('refuses a coin on a network it does not travel on, and signed-out callers', async () => {
    const alice = await customer();
    const wrong = await alice.client.get(`${depositPaths.depositAddress}?coin=BTC&chain=ethereum`);
    expect(wrong.body.code).toBe(21000009);
    const notRunning = await alice.client.get(`${depositPaths.depositAddress}?coin=BTC&chain=bitcoin`);
    expect(notRunning.body.code).toBe(21000009);
    const anonymous = await app.inject({ url: `${depositPaths.depositAddress}?coin=ETH&chain=ethereum` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lists the deposit options and supported tokens from the catalogue', async () => {
    const options = (await app.inject({ url: depositPaths.dwOption })).json().data as Array<{
      coin: string;
      chains: Array<{ chain: string; depositEnabled: boolean; contractAddress: string | null; needsMemo: boolean }>;
    }>;
    expect(options.map((option) => option.coin)).toEqual(['BTC', 'ETH', 'USDT', 'USDC', 'XRP']);
    expect(options.find((option) => option.coin === 'USDC')!.chains[0]).toMatchObject({
      chain: 'ethereum',
      depositEnabled: true,
      contractAddress: node.tokens.USDC,
      needsMemo: false,
      devFaucet: true,
    });
    // Bitcoin and XRP are not run by this app instance: not open for deposits here.
    expect(options.find((option) => option.coin === 'XRP')!.chains[0]).toMatchObject({
      chain: 'xrpl',
      depositEnabled: false,
      needsMemo: true,
      devFaucet: false,
    });
    const tokens = (await app.inject({ url: depositPaths.supportTokens })).json().data as Array<{ coin: string; chains: string[] }>;
    expect(tokens).toEqual([
      expect.objectContaining({ coin: 'ETH', chains: ['ethereum'] }),
      expect.objectContaining({ coin: 'USDT', chains: ['ethereum'] }),
      expect.objectContaining({ coin: 'USDC', chains: ['ethereum'] }),
    ]);
    const one = (await app.inject({ url: `${depositPaths.dwOption}?coin=eth` })).json().data;
    expect(one).toHaveLength(1);
  });
});

describe('the deposit watcher on a real anvil', () => {
  it('credits an ETH and a USDT deposit once, after the required confirmations and not before', async () => {
    const watcher = newWatcher();
    await watcher.tick();
    const alice = await customer();
    const eth = await alice.client.post(depositPaths.devFaucet, { coin: 'ETH' });
    expect(eth.body.data).toMatchObject({ coin: 'ETH', amount: '1', address: alice.address });
    const usdt = await alice.client.post(depositPaths.devFaucet, { coin: 'USDT' });
    expect(usdt.body.data).toMatchObject({ coin: 'USDT', amount: '1000', address: alice.address });

    const first = await watcher.tick();
    expect(first.detected).toBe(2);
    let list = await records(alice.client);
    expect(list.records.map((record) => [record.coin, record.amount, record.status, record.progress])).toEqual([
      ['USDT', '1000', 3, '1/12'],
      ['ETH', '1', 3, '2/12'],
    ]);

    // The USDT block has 11 confirmations after 10 more blocks: ETH is due, USDT not yet.
    await mine(10);
    await watcher.tick();
    list = await records(alice.client);
    expect(list.records.map((record) => [record.coin, record.status, record.progress])).toEqual([
      ['USDT', 3, '11/12'],
      ['ETH', 1, '12/12'],
    ]);
    expect(await available(alice.client, 'ETH')).toBe('1');
    expect(await available(alice.client, 'USDT')).toBe('0');

    await mine(1);
    await watcher.tick();
    await mine(5);
    await watcher.tick();
    await newWatcher().tick();
    expect(await available(alice.client, 'ETH')).toBe('1');
    expect(await available(alice.client, 'USDT')).toBe('1000');
    list = await records(alice.client);
    expect(list.records.every((record) => record.status === 1 && record.progress === '12/12')).toBe(true);
    const journals = await sql<{
      n: string;
    }>`select count(*) as n from journal where idempotency_key in (${`deposit:ethereum:${eth.body.data.txid}:${nativeTransferLogIndex}`}, ${`deposit:ethereum:${list.records[0]!.txid}:0`})`.execute(
      database.db,
    );
    expect(journals.rows[0]!.n).toBe('2');
    const bill = await alice.client.get(`${walletPaths.userBills}?type=2001`);
    expect(bill.body.data.total).toBe(2);
  });

  it('neither loses nor doubles a deposit when the watcher restarts mid-way', async () => {
    await newWatcher().tick();
    const bob = await customer();
    await bob.client.post(depositPaths.devFaucet, { coin: 'USDC' });
    // The first process sees the deposit and stops; the chain moves on while nobody watches.
    const before = newWatcher();
    expect((await before.tick()).detected).toBe(1);
    await bob.client.post(depositPaths.devFaucet, { coin: 'ETH' });
    await mine(6);
    // A second process takes over from the persisted cursor and finds the deposit it missed.
    const after = newWatcher();
    const resumed = await after.tick();
    expect(resumed.detected).toBe(1);
    await mine(12);
    // Both old and new instances tick (as two processes would); the advisory lock and the
    // ledger key let one credit each deposit once.
    const results = await Promise.all([tickExclusively(database.db, before), tickExclusively(database.db, after), after.tick()]);
    expect(results.reduce((sum, result) => sum + (result?.credited ?? 0), 0)).toBe(2);
    await before.tick();
    expect(await available(bob.client, 'USDC')).toBe('1000');
    expect(await available(bob.client, 'ETH')).toBe('1');
    const list = await records(bob.client);
    expect(list.total).toBe(2);
    expect(list.records.every((record) => record.status === 1)).toBe(true);
  });

  it('forgets a pending deposit whose block a reorg removed, and rescans from the fork', async () => {
    const watcher = newWatcher();
    await watcher.tick();
    const carol = await customer();
    const snapshot = await testClient().snapshot();
    await sendEth(carol.address, parseEther('2'));
    await mine(2);
    expect((await watcher.tick()).detected).toBe(1);
    expect((await records(carol.client)).records[0]).toMatchObject({ coin: 'ETH', amount: '2', status: 3, progress: '3/12' });

    // The chain drops those blocks and grows another branch of the same length without the transfer.
    await testClient().revert({ id: snapshot });
    await mine(4);
    const afterReorg = await watcher.tick();
    expect(afterReorg.rewoundTo).not.toBeNull();
    expect((await records(carol.client)).total).toBe(0);
    await mine(12);
    await watcher.tick();
    expect((await records(carol.client)).total).toBe(0);
    expect(await available(carol.client, 'ETH')).toBe('0');

    // The same transfer sent again on the new branch is found and credited normally.
    await sendEth(carol.address, parseEther('2'));
    await mine(11);
    expect((await watcher.tick()).credited).toBe(1);
    expect(await available(carol.client, 'ETH')).toBe('2');
  });

  it('records a deposit below the minimum as failed and never credits it', async () => {
    const watcher = newWatcher();
    await watcher.tick();
    const dave = await customer();
    await sendEth(dave.address, parseEther('0.0005'));
    await watcher.tick();
    await mine(15);
    await watcher.tick();
    const list = await records(dave.client);
    expect(list.records).toEqual([
      expect.objectContaining({ coin: 'ETH', amount: '0.0005', status: 2, failReason: 'belowMinimum', progress: '12/12' }),
    ]);
    expect(await available(dave.client, 'ETH')).toBe('0');
  });

  it('credits through the polling runner within moments of the confirming block', async () => {
    const watcher = newWatcher();
    await watcher.tick();
    const gina = await customer();
    const runner = createWatcherRunner({ db: database.db, watchers: [watcher], pollMs: 200, logger: silentLogger });
    runner.start();
    try {
      await gina.client.post(depositPaths.devFaucet, { coin: 'USDC' });
      await mine(11);
      const started = Date.now();
      while ((await records(gina.client)).records[0]?.status !== 1) {
        expect(Date.now() - started).toBeLessThan(2_000);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      expect(await available(gina.client, 'USDC')).toBe('1000');
    } finally {
      await runner.stop();
    }
  });

  it('lets only one process drive a chain at a time', async () => {
    const watcher = newWatcher();
    await database.db.connection().execute(async (connection) => {
      await sql`select pg_advisory_lock(727001, hashtext('ethereum'))`.execute(connection);
      expect(await tickExclusively(database.db, watcher)).toBeNull();
      await sql`select pg_advisory_unlock(727001, hashtext('ethereum'))`.execute(connection);
    });
    expect(await tickExclusively(database.db, watcher)).not.toBeNull();
  });
});

describe('deposit records', () => {
  it('shows each customer only their own records, filtered and paged', async () => {
    const watcher = newWatcher();
    await watcher.tick();
    const erin = await customer();
    const frank = await customer();
    for (const coin of ['ETH', 'USDT', 'USDC']) await erin.client.post(depositPaths.devFaucet, { coin });
    await sendEth(erin.address, parseEther('0.0001'));
    await watcher.tick();
    expect((await records(frank.client)).total).toBe(0);
    const all = await records(erin.client, { pageSize: 2 });
    expect(all.total).toBe(4);
    expect(all.records).toHaveLength(2);
    const second = await records(erin.client, { pageSize: 2, pageNo: 2 });
    expect(second.records).toHaveLength(2);
    expect(new Set([...all.records, ...second.records].map((record) => record.txid)).size).toBe(4);
    expect((await records(erin.client, { pageNo: 9 })).total).toBe(4);
    expect((await records(erin.client, { coin: 'usdc' })).records.map((record) => record.coin)).toEqual(['USDC']);
    expect((await records(erin.client, { status: 2 })).records.map((record) => record.amount)).toEqual(['0.0001']);
    expect((await records(erin.client, { kind: 'withdrawal' })).total).toBe(0);
    expect((await records(erin.client, { start: '2999-01-01' })).total).toBe(0);
    const bad = await erin.client.post(depositPaths.dwRecords, { start: 'not a date' });
    expect(bad.body.code).not.toBe(0);
    const anonymous = await app.inject({ method: 'POST', url: depositPaths.dwRecords, payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a coin the faucet does not send; without a local chain the faucet does not exist', async () => {
    const alice = await customer();
    expect((await alice.client.post(depositPaths.devFaucet, { coin: 'BTC' })).body.code).toBe(21000011);
    const production = await buildTestApp(database.db);
    try {
      const client = identityClient(production);
      const missing = await client.post(depositPaths.devFaucet, { coin: 'ETH' });
      expect(missing.status).toBe(404);
      const options = (await production.inject({ url: depositPaths.dwOption })).json().data as Array<{
        chains: Array<{ devFaucet: boolean }>;
      }>;
      expect(options.flatMap((option) => option.chains).some((chain) => chain.devFaucet)).toBe(false);
    } finally {
      await production.close();
    }
  });
});
