import { randomBytes } from 'node:crypto';
import { withdrawalPaths } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { createLogger } from '../../platform/observability/logger';
import { deriveDepositAddress } from '../chain/addresses/hd-wallet';
import { bitcoinHotWalletAddress, createBitcoinDevnet, type BitcoinDevnet } from '../chain/bitcoin';
import { HdSeed } from '../chain/hd-seed';
import { createLedger } from '../ledger/ledger.service';
import { bitcoinWithdrawalSender, recordHotWalletFunding } from './withdrawal-chains';
import { createWithdrawalSigner, type WithdrawalSender } from './withdrawal-signer';
import { fundPassword, platformBalance, withdrawalCustomer } from './withdrawal-test-kit';

const BTC = 100_000_000n;
const seed = new HdSeed(randomBytes(64));
let database: TestDatabase;
let app: FastifyInstance;
let devnet: BitcoinDevnet;
let sender: WithdrawalSender;

beforeAll(async () => {
  database = await createTestDatabase();
  devnet = createBitcoinDevnet(database.db);
  sender = bitcoinWithdrawalSender({ db: database.db, node: devnet, seed });
  const funding = await devnet.faucet(bitcoinHotWalletAddress(seed.bytes(), devnet), 5n * BTC);
  await devnet.mineBlock();
  await recordHotWalletFunding(createLedger(database.db), 'BTC', 5n * BTC, funding);
  app = await buildTestApp(database.db, {
    withdrawalChains: { senders: new Map([['bitcoin', sender]]), readers: [], contractCheckers: new Map(), bitcoinNetwork: 'regtest' },
  });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('Bitcoin withdrawals on the devnet', () => {
  it('keeps a deposit below 6 confirmations out of the withdrawable amount, then sends, confirms 6 blocks and settles', async () => {
    const yuri = await withdrawalCustomer(app, database.db);
    const journal = await yuri.credit('BTC', BTC / 10n, 'btc-deposit-1');
    // Credited at 1 confirmation by the watcher (spec §9), withdrawable only at 6.
    const deposit = await database.db
      .insertInto('deposit')
      .values({ user_id: yuri.userId, chain: 'bitcoin', asset: 'BTC', txid: 'ab'.repeat(32), log_index: 0, address: 'bcrt1qexample', amount: BTC / 10n, block_height: 1n, block_hash: 'cd'.repeat(32), confirmations: 1, required_confirmations: 1, status: 1, journal_id: journal })
      .returning('id')
      .executeTakeFirstOrThrow();
    const young = await yuri.client.get(`${withdrawalPaths.userWithdrawLimit}?coin=BTC&chain=bitcoin`);
    expect(young.body.data).toMatchObject({ available: '0', minWithdrawal: '0.001', fee: '0.0002', confirmationsToWithdraw: 6 });
    await database.db.updateTable('deposit').set({ confirmations: 6 }).where('id', '=', deposit.id).execute();
    expect((await yuri.client.get(`${withdrawalPaths.userWithdrawLimit}?coin=BTC&chain=bitcoin`)).body.data.available).toBe('0.1');

    const destination = deriveDepositAddress(randomBytes(64), 'BTC', 0, 'regtest');
    const path = yuri.withdrawPath('BTC', 'bitcoin');
    // A mainnet address on the regtest devnet is not an address of this network.
    const mainnet = deriveDepositAddress(randomBytes(64), 'BTC', 0, 'mainnet');
    expect((await yuri.client.post(path, { address: mainnet, amount: '0.01', fundPassword, gaCode: await yuri.nextGaCode(), requestId: `btc-main-${yuri.userNo}` })).body.code).toBe(21000003);
    const sent = await yuri.client.post(path, { address: destination, amount: '0.01', fundPassword, gaCode: await yuri.nextGaCode(), requestId: `btc-${yuri.userNo}` });
    expect(sent.body.data.record).toMatchObject({ status: 'processing', amount: '0.01', fee: '0.0002', requiredConfirmations: 6 });

    const signer = createWithdrawalSigner({ db: database.db, ledger: createLedger(database.db), senders: new Map([['bitcoin', sender]]), logger: createLogger({ LOG_LEVEL: 'silent' }) });
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
    expect((await yuri.client.get(withdrawalPaths.withdrawals)).body.data.records[0]).toMatchObject({ status: 'completed', txid: outbox.txid, confirmations: 6 });
  }, 60_000);
});
