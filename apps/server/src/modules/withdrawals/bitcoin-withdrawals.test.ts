import { randomBytes } from 'node:crypto';
import { depositPaths, withdrawalPaths } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { createLogger } from '../../platform/observability/logger';
import { bitcoinHotWalletAddress, bitcoinHotWalletSender, bitcoinReceivingChain, deriveDepositAddress, HdSeed } from '../chain';
import { createBitcoinDevnet, type BitcoinDevnet } from '../chain/devnets';
import { createAssetsModule } from '../assets';
import { createDepositSettings } from '../deposits/deposit-settings';
import { createDepositWatcher } from '../deposits/deposit-watcher';
import { createLedger } from '../ledger/ledger.service';
import { recordHotWalletFunding, withdrawalSendingRecords } from './withdrawal-chains';
import { createWithdrawalSigner, type WithdrawalSender } from './withdrawal-signer';
import { fundPassword, platformBalance, withdrawalCustomer } from '../../../test/withdrawal-kit';

const BTC = 100_000_000n;
const seed = new HdSeed(randomBytes(64));
let database: TestDatabase;
let app: FastifyInstance;
let devnet: BitcoinDevnet;
let sender: WithdrawalSender;

beforeAll(async () => {
  database = await createTestDatabase();
  devnet = createBitcoinDevnet(database.db);
  sender = bitcoinHotWalletSender({ node: devnet, seed, records: withdrawalSendingRecords(database.db) });
  const funding = await devnet.faucet(bitcoinHotWalletAddress(seed.bytes(), devnet), 5n * BTC);
  await devnet.mineBlock();
  await recordHotWalletFunding(createLedger(database.db), 'BTC', 5n * BTC, funding);
  app = await buildTestApp(database.db, {
    depositChains: { chains: [bitcoinReceivingChain(devnet, seed)], faucets: [] },
    withdrawalChains: { senders: new Map([['bitcoin', sender]]), readers: [], contractCheckers: new Map(), bitcoinNetwork: 'regtest' },
  });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('Bitcoin withdrawals on the devnet', () => {
  it('keeps a deposit out of the withdrawable amount until exactly 6 confirmations, then sends, confirms 6 blocks and settles', async () => {
    const yuri = await withdrawalCustomer(app, database.db);
    const limitPath = `${withdrawalPaths.userWithdrawLimit}?coin=BTC&chain=bitcoin`;
    const withdrawable = async () => (await yuri.client.get(limitPath)).body.data.available as string;
    const deposit = await yuri.client.get(`${depositPaths.depositAddress}?coin=BTC&chain=bitcoin`);
    const watcher = createDepositWatcher({
      db: database.db,
      ledger: createLedger(database.db),
      settings: createDepositSettings(createAssetsModule({ db: database.db }).api),
      source: bitcoinReceivingChain(devnet, seed).source,
      logger: createLogger({ LOG_LEVEL: 'silent' }),
      options: { initialLookback: 1_000 },
    });
    await devnet.faucet(deposit.body.data.address as string, BTC / 10n);
    await devnet.mineBlock();
    // Credited at 1 confirmation by the watcher (spec §9), withdrawable only at 6.
    expect(await watcher.tick()).toMatchObject({ credited: 1 });
    expect(await yuri.balance('BTC')).toEqual({ available: BTC / 10n, frozen: 0n });
    expect((await yuri.client.get(limitPath)).body.data).toMatchObject({
      available: '0',
      minWithdrawal: '0.001',
      fee: '0.0002',
      confirmationsToWithdraw: 6,
    });
    for (let confirmations = 2; confirmations <= 5; confirmations += 1) {
      await devnet.mineBlock();
      await watcher.tick();
      expect(await withdrawable(), `at ${confirmations} confirmations`).toBe('0');
    }
    const early = await yuri.client.post(yuri.withdrawPath('BTC', 'bitcoin'), {
      address: deriveDepositAddress(randomBytes(64), 'BTC', 0, 'regtest'),
      amount: '0.01',
      fundPassword,
      gaCode: await yuri.nextGaCode(),
      requestId: `btc-early-${yuri.userNo}`,
    });
    expect(early.body.code).toBe(17000004);
    await devnet.mineBlock();
    await watcher.tick();
    expect(await withdrawable()).toBe('0.1');

    const destination = deriveDepositAddress(randomBytes(64), 'BTC', 0, 'regtest');
    const path = yuri.withdrawPath('BTC', 'bitcoin');
    // A mainnet address on the regtest devnet is not an address of this network.
    const mainnet = deriveDepositAddress(randomBytes(64), 'BTC', 0, 'mainnet');
    expect(
      (
        await yuri.client.post(path, {
          address: mainnet,
          amount: '0.01',
          fundPassword,
          gaCode: await yuri.nextGaCode(),
          requestId: `btc-main-${yuri.userNo}`,
        })
      ).body.code,
    ).toBe(21000003);
    const sent = await yuri.client.post(path, {
      address: destination,
      amount: '0.01',
      fundPassword,
      gaCode: await yuri.nextGaCode(),
      requestId: `btc-${yuri.userNo}`,
    });
    expect(sent.body).toMatchObject({ code: 0 });
    expect(sent.body.data.record).toMatchObject({ status: 'processing', amount: '0.01', fee: '0.0002', requiredConfirmations: 6 });

    const signer = createWithdrawalSigner({
      db: database.db,
      ledger: createLedger(database.db),
      senders: new Map([['bitcoin', sender]]),
      logger: createLogger({ LOG_LEVEL: 'silent' }),
    });
    expect(await signer.tick()).toMatchObject({ signed: 1 });
    for (let block = 0; block < 5; block += 1) await devnet.mineBlock();
    await signer.tick();
    expect((await yuri.balance('BTC')).frozen).toBe(1_020_000n);
    await devnet.mineBlock();
    const fees = await platformBalance(database.db, 'fees', 'BTC');
    expect(await signer.tick()).toMatchObject({ settled: 1 });
    expect(await yuri.balance('BTC')).toEqual({ available: BTC / 10n - 1_020_000n, frozen: 0n });
    expect((await platformBalance(database.db, 'fees', 'BTC')) - fees).toBe(20_000n);
    const received = await devnet.listUnspent([destination], 1);
    expect(received.reduce((sum, output) => sum + output.value, 0n)).toBe(1_000_000n);
    // The network fee of the signed transaction is booked as the platform's expense.
    const outbox = await database.db.selectFrom('withdrawal_outbox').select(['network_fee', 'txid']).executeTakeFirstOrThrow();
    expect(await platformBalance(database.db, 'network_fees', 'BTC')).toBe(-BigInt(outbox.network_fee));
    expect((await yuri.client.get(withdrawalPaths.withdrawals)).body.data.records[0]).toMatchObject({
      status: 'completed',
      txid: outbox.txid,
      confirmations: 6,
    });
  }, 60_000);
});
