import { randomBytes } from 'node:crypto';
import { adminSanctionsPaths, depositPaths } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { signInOperator, type TestOperator } from '../../../test/operator-kit';
import { withdrawalCustomer, type WithdrawalCustomer } from '../../../test/withdrawal-kit';
import { createLogger } from '../../platform/observability/logger';
import { createAssetsModule } from '../assets';
import {
  bitcoinHotWalletAddress,
  bitcoinReceivingChain,
  checkXrpAddress,
  encodeXAddress,
  HdSeed,
  xrpHotWalletAddress,
  xrpReceivingChain,
} from '../chain';
import { createBitcoinSender } from '../chain/bitcoin';
import { createBitcoinDevnet, createXrpDevnet, type BitcoinDevnet, type XrpDevnet } from '../chain/devnets';
import { createXrpSender } from '../chain/xrp';
import { createLedger } from '../ledger/ledger.service';
import { createSanctionsScreening } from '../sanctions/screening.service';
import { createDepositSettings } from './deposit-settings';
import { createDepositWatcher, type DepositWatcher } from './deposit-watcher';

/**
 * Sanctions screening of Bitcoin and XRP deposit sources on the devnets: the addresses a
 * Bitcoin deposit's inputs spend from and the account an XRP payment comes from.
 */

const seed = new HdSeed(randomBytes(64));
/** Outside wallets paying the customers: one of them listed by compliance, one not. */
const listedPayer = new HdSeed(randomBytes(64));
const cleanPayer = new HdSeed(randomBytes(64));
const silentLogger = createLogger({ LOG_LEVEL: 'silent' });

let database: TestDatabase;
let app: FastifyInstance;
let bitcoin: BitcoinDevnet;
let xrp: XrpDevnet;
let compliance: TestOperator;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers loosely
type AnyData = any;

async function admin(method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await app.inject({ method, url, headers: { cookie: compliance.cookie }, ...(payload ? { payload } : {}) });
  return response.json() as { code: number; msg: string; data: AnyData };
}

async function addManual(chain: 'bitcoin' | 'xrpl', address: string, note: string): Promise<void> {
  expect((await admin('POST', adminSanctionsPaths.manual, { chain, address, note })).code).toBe(0);
}

async function depositHolds(): Promise<AnyData[]> {
  const answer = await admin('GET', `${adminSanctionsPaths.holds}?status=open&pageSize=100`);
  expect(answer.code).toBe(0);
  return (answer.data.items as Array<{ kind: string }>).filter((hold) => hold.kind === 'deposit');
}

async function depositRow(txid: string) {
  return database.db.selectFrom('deposit').select(['id', 'status', 'source_addresses']).where('txid', '=', txid).executeTakeFirstOrThrow();
}

function screenedWatcher(source: 'bitcoin' | 'xrpl'): DepositWatcher {
  return createDepositWatcher({
    db: database.db,
    ledger: createLedger(database.db),
    settings: createDepositSettings(createAssetsModule({ db: database.db }).api),
    source: source === 'bitcoin' ? bitcoinReceivingChain(bitcoin, seed).source : xrpReceivingChain(xrp, seed).source,
    logger: silentLogger,
    options: { initialLookback: 1_000 },
    sanctions: createSanctionsScreening(database.db),
  });
}

async function depositAddress(customer: WithdrawalCustomer, coin: 'BTC' | 'XRP') {
  const answer = await customer.client.get(`${depositPaths.depositAddress}?coin=${coin}&chain=${coin === 'BTC' ? 'bitcoin' : 'xrpl'}`);
  expect(answer.body.code).toBe(0);
  return answer.body.data as { address: string; memo: string | null };
}

beforeAll(async () => {
  database = await createTestDatabase();
  bitcoin = createBitcoinDevnet(database.db);
  xrp = createXrpDevnet(database.db);
  app = await buildTestApp(database.db, {
    depositChains: { chains: [bitcoinReceivingChain(bitcoin, seed), xrpReceivingChain(xrp, seed)], faucets: [] },
  });
  compliance = await signInOperator(app, database.db, { role: 'compliance' });
}, 30_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('Bitcoin and XRP deposits from a listed sender', () => {
  it('credits and freezes a BTC deposit whose input spends from a listed address; one from an unlisted address credits normally', async () => {
    const customer = await withdrawalCustomer(app, database.db, { complete: false });
    const { address } = await depositAddress(customer, 'BTC');
    const listedAddress = bitcoinHotWalletAddress(listedPayer.bytes(), bitcoin);
    const cleanAddress = bitcoinHotWalletAddress(cleanPayer.bytes(), bitcoin);
    await addManual('bitcoin', listedAddress, 'ransomware cash-out wallet');
    await bitcoin.faucet(listedAddress, 100_000_000n);
    await bitcoin.faucet(cleanAddress, 100_000_000n);
    await bitcoin.mineBlock();

    const pay = async (payer: HdSeed, amount: bigint) => {
      const signed = await createBitcoinSender({ node: bitcoin, seed: payer.bytes() }).buildAndSign({ to: address, asset: 'BTC', amount });
      await bitcoin.sendRawTransaction(signed.raw);
      return signed.txid;
    };
    const listedTx = await pay(listedPayer, 20_000_000n);
    const cleanTx = await pay(cleanPayer, 10_000_000n);
    await bitcoin.mineBlock();
    expect(await screenedWatcher('bitcoin').tick()).toMatchObject({ detected: 2, credited: 2 });

    expect(await customer.balance('BTC')).toEqual({ available: 10_000_000n, frozen: 20_000_000n });
    const frozen = await depositRow(listedTx);
    expect(frozen).toMatchObject({ status: 'credited', source_addresses: [listedAddress] });
    expect(await depositRow(cleanTx)).toMatchObject({ status: 'credited', source_addresses: [cleanAddress] });
    const holds = (await depositHolds()).filter((hold) => hold.chain === 'bitcoin');
    expect(holds).toEqual([
      expect.objectContaining({
        kind: 'deposit',
        subjectId: frozen.id,
        userNo: customer.userNo,
        coin: 'BTC',
        chain: 'bitcoin',
        amount: '0.2',
        address: listedAddress,
        entry: expect.objectContaining({ source: 'manual', label: 'ransomware cash-out wallet' }),
      }),
    ]);
  });

  it('credits and freezes an XRP deposit from a listed account (listed by its X-address); one from an unlisted account credits normally', async () => {
    const customer = await withdrawalCustomer(app, database.db, { complete: false });
    const { address, memo } = await depositAddress(customer, 'XRP');
    const listedAccount = xrpHotWalletAddress(listedPayer.bytes());
    const cleanAccount = xrpHotWalletAddress(cleanPayer.bytes());
    const listedCheck = checkXrpAddress(listedAccount);
    if (!listedCheck.valid) throw new Error('the payer account does not check');
    // The list names an X-address; the payment's `Account` is the classic address it maps to.
    await addManual('xrpl', encodeXAddress(listedCheck.accountId, null, true), 'sanctioned exchange hot wallet');
    await xrp.faucet(listedAccount, 100_000_000n);
    await xrp.faucet(cleanAccount, 100_000_000n);
    await xrp.closeLedger();

    const pay = async (payer: HdSeed, amount: bigint) => {
      const signed = await createXrpSender({ node: xrp, seed: payer.bytes() }).buildAndSign({
        to: address,
        asset: 'XRP',
        amount,
        tag: memo!,
      });
      await xrp.submit(signed.raw);
      return signed.txid;
    };
    const listedTx = await pay(listedPayer, 30_000_000n);
    const cleanTx = await pay(cleanPayer, 12_000_000n);
    await xrp.closeLedger();
    // The payers' faucet credits went to accounts nobody watches: only the two payments are deposits.
    expect(await screenedWatcher('xrpl').tick()).toMatchObject({ detected: 2, credited: 2 });

    expect(await customer.balance('XRP')).toEqual({ available: 12_000_000n, frozen: 30_000_000n });
    const frozen = await depositRow(listedTx);
    expect(frozen).toMatchObject({ status: 'credited', source_addresses: [listedAccount] });
    expect(await depositRow(cleanTx)).toMatchObject({ status: 'credited', source_addresses: [cleanAccount] });
    const holds = (await depositHolds()).filter((hold) => hold.chain === 'xrpl');
    expect(holds).toEqual([
      expect.objectContaining({
        kind: 'deposit',
        subjectId: frozen.id,
        userNo: customer.userNo,
        coin: 'XRP',
        chain: 'xrpl',
        amount: '30',
        address: listedAccount,
        entry: expect.objectContaining({ source: 'manual', label: 'sanctioned exchange hot wallet' }),
      }),
    ]);
  });
});
