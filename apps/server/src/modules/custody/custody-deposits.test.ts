import { randomBytes } from 'node:crypto';
import {
  adminSanctionsPaths,
  custodyPaths,
  depositPaths,
  errorCatalogue,
  fromBaseUnits,
  toBaseUnits,
  type CustodyBalances,
  type CustodyDepositAddress,
  type CustodyTransfer,
} from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { custodyDepositWatcher, memoryEthereum } from '../../../test/custody-deposit-kit';
import { enabledOrganisation, operatorCall, type TestOrganisation } from '../../../test/custody-kit';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { signInOperator, type TestOperator } from '../../../test/operator-kit';
import { withdrawalCustomer } from '../../../test/withdrawal-kit';
import { bitcoinHotWalletAddress, bitcoinReceivingChain, HdSeed, type ChainDeposit, type ReceivingChain } from '../chain';
import { createBitcoinSender } from '../chain/bitcoin';
import { createBitcoinDevnet, type BitcoinDevnet } from '../chain/devnets';
import type { DepositWatcher } from '../deposits/deposit-watcher';

/**
 * Deposits to custody accounts (issue 17 item 6): a custody account's deposit address on the
 * Bitcoin devnet and on an in-memory EVM chain whose blocks the test mines and reorganises. Each
 * deposit credits the organisation's account in the ledger and is one transfer record, pending
 * credit until it is credited, failed when it never will be.
 */

const seed = new HdSeed(randomBytes(64));
const listedPayer = new HdSeed(randomBytes(64));

let database: TestDatabase;
let app: FastifyInstance;
let bitcoin: BitcoinDevnet;
const ethereum = memoryEthereum();
let org: TestOrganisation;
let compliance: TestOperator;
let hot: string;
let cold: string;

function watcher(source: ReceivingChain['source']): DepositWatcher {
  return custodyDepositWatcher(database.db, source);
}

async function openAccount(name: string, kind: 'hot' | 'cold'): Promise<string> {
  const answer = await org.admin.client.post(custodyPaths.accounts, { name, kind, tier: 'enterprise' });
  expect(answer.body.code).toBe(0);
  return answer.body.data.id as string;
}

async function depositAddress(accountId: string, coin: string, chain: string): Promise<CustodyDepositAddress> {
  const answer = await org.admin.client.get(`${custodyPaths.depositAddress.replace(':id', accountId)}?coin=${coin}&chain=${chain}`);
  expect(answer.body.code).toBe(0);
  return answer.body.data as CustodyDepositAddress;
}

async function history(query = ''): Promise<CustodyTransfer[]> {
  const answer = await org.admin.client.get(`${custodyPaths.transfers}?pageSize=100${query}`);
  expect(answer.body.code).toBe(0);
  return answer.body.data.records as CustodyTransfer[];
}

async function assetOf(accountId: string, coin: string) {
  const answer = await org.admin.client.get(custodyPaths.balances);
  expect(answer.body.code).toBe(0);
  const account = (answer.body.data as CustodyBalances).accounts.find((candidate) => candidate.accountId === accountId);
  return account?.assets.find((asset) => asset.coin === coin) ?? null;
}

beforeAll(async () => {
  database = await createTestDatabase();
  bitcoin = createBitcoinDevnet(database.db);
  app = await buildTestApp(database.db, {
    depositChains: { chains: [bitcoinReceivingChain(bitcoin, seed), ethereum.receiving], faucets: [] },
  });
  org = await enabledOrganisation(app, database.db, { tag: 'deposits', company: 'Deposit Holdings' });
  compliance = await signInOperator(app, database.db, { role: 'compliance' });
  hot = await openAccount('Hot wallet', 'hot');
  cold = await openAccount('Cold vault', 'cold');
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('deposits to custody accounts', () => {
  it('gives each account its own address per network, from the customers’ counter, with a QR code, the same ever after', async () => {
    const customer = await withdrawalCustomer(app, database.db, { complete: false });
    const customerAddress = (await customer.client.get(`${depositPaths.depositAddress}?coin=BTC&chain=bitcoin`)).body.data.address;
    const hotBtc = await depositAddress(hot, 'BTC', 'bitcoin');
    const coldBtc = await depositAddress(cold, 'BTC', 'bitcoin');
    expect(hotBtc).toMatchObject({ accountId: hot, coin: 'BTC', chain: 'bitcoin', memo: null, confirmationsToCredit: 1 });
    expect(hotBtc.qrCode).toMatch(/^data:image\/png;base64,/);
    expect(new Set([customerAddress, hotBtc.address, coldBtc.address]).size).toBe(3);
    expect((await depositAddress(hot, 'BTC', 'bitcoin')).address).toBe(hotBtc.address);
    const rows = await database.db
      .selectFrom('deposit_address')
      .select(['derivation_index', 'user_id', 'custody_account_id'])
      .where('chain', '=', 'bitcoin')
      .execute();
    expect(new Set(rows.map((row) => row.derivation_index)).size).toBe(rows.length);
    expect(rows.filter((row) => row.custody_account_id !== null).map((row) => row.custody_account_id)).toEqual(
      expect.arrayContaining([hot, cold]),
    );
    // 100 first requests at once for a new account: one address, one row, one index taken.
    const fresh = await openAccount('Fresh account', 'hot');
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        org.admin.client.get(`${custodyPaths.depositAddress.replace(':id', fresh)}?coin=USDT&chain=ethereum`),
      ),
    );
    expect(answers.every((answer) => answer.body.code === 0)).toBe(true);
    expect(new Set(answers.map((answer) => answer.body.data.address)).size).toBe(1);
    const freshRows = await database.db.selectFrom('deposit_address').select('id').where('custody_account_id', '=', fresh).execute();
    expect(freshRows).toHaveLength(1);
    // A coin on a network it does not travel on, and an account that is not the organisation's.
    expect((await org.admin.client.get(`${custodyPaths.depositAddress.replace(':id', hot)}?coin=BTC&chain=ethereum`)).body.code).not.toBe(
      0,
    );
    expect((await org.admin.client.get(`${custodyPaths.depositAddress.replace(':id', '999999')}?coin=BTC&chain=bitcoin`)).body.code).toBe(
      errorCatalogue.noMatchingData.code,
    );
  });

  it('credits a BTC deposit to the organisation’s account once, records it credited with the balance it left, and never credits dust', async () => {
    const customer = await withdrawalCustomer(app, database.db, { complete: false });
    const customerAddress = (await customer.client.get(`${depositPaths.depositAddress}?coin=BTC&chain=bitcoin`)).body.data.address;
    const { address } = await depositAddress(hot, 'BTC', 'bitcoin');
    const btc = watcher(bitcoinReceivingChain(bitcoin, seed).source);
    const first = await bitcoin.faucet(address, 5_000_000n);
    await bitcoin.faucet(customerAddress, 7_000_000n);
    const dust = await bitcoin.faucet(address, 10_000n);
    await bitcoin.mineBlock();
    expect(await btc.tick()).toMatchObject({ detected: 3, credited: 2 });
    const second = await bitcoin.faucet(address, 2_500_000n);
    await bitcoin.mineBlock();
    expect(await btc.tick()).toMatchObject({ detected: 1, credited: 1 });
    // Nothing more on later ticks, nor with a watcher started afresh.
    await bitcoin.mineBlock();
    expect(await watcher(bitcoinReceivingChain(bitcoin, seed).source).tick()).toMatchObject({ credited: 0 });

    expect(await assetOf(hot, 'BTC')).toMatchObject({ available: '0.075', frozen: '0', total: '0.075' });
    expect(await customer.balance('BTC')).toEqual({ available: 7_000_000n, frozen: 0n });
    const records = await history(`&accountId=${hot}&coin=BTC`);
    const byHash = (txid: string) => records.find((record) => record.hash === txid);
    expect(byHash(first)).toMatchObject({
      accountId: hot,
      accountName: 'Hot wallet',
      coin: 'BTC',
      chain: 'bitcoin',
      quantity: '0.05',
      handlingFee: '0',
      accountBalance: '0.05',
      businessType: 'deposit',
      state: 'credited',
      failReason: null,
      toAddress: address,
    });
    expect(byHash(first)!.completedTime).not.toBeNull();
    expect(byHash(first)!.orderNo).toMatch(/^D\d+$/);
    expect(byHash(second)).toMatchObject({ quantity: '0.025', accountBalance: '0.075', state: 'credited' });
    expect(byHash(dust)).toMatchObject({ quantity: '0.0001', state: 'failure', failReason: 'belowMinimum', accountBalance: null });
    expect(records).toHaveLength(3);
    // The customer's deposit is no record of the organisation's.
    expect((await history()).some((record) => record.toAddress === customerAddress)).toBe(false);
    expect(await history('&state=failure&businessType=deposit')).toHaveLength(1);
    expect(await history(`&accountId=${cold}`)).toHaveLength(0);
  });

  it('shows a deposit pending credit until its confirmations, fails it when a reorganisation undoes it, and credits it where it lands again', async () => {
    const { address } = await depositAddress(cold, 'ETH', 'ethereum');
    const eth = watcher(ethereum.receiving.source);
    const deposit: ChainDeposit = { txid: `0x${randomBytes(32).toString('hex')}`, logIndex: 0, address, asset: 'ETH', amount: 10n ** 18n };
    ethereum.mine([deposit]);
    expect(await eth.tick()).toMatchObject({ detected: 1, credited: 0 });
    const pending = (await history(`&accountId=${cold}`)).filter((record) => record.hash === deposit.txid);
    expect(pending).toEqual([
      expect.objectContaining({ state: 'pendingCredit', quantity: '1', accountBalance: null, completedTime: null }),
    ]);
    expect(await assetOf(cold, 'ETH')).toBeNull();

    const height = Number(await ethereum.receiving.source.tipHeight());
    ethereum.reorganiseFrom(height);
    expect(await eth.tick()).toMatchObject({ rewoundTo: height, credited: 0 });
    expect((await history(`&accountId=${cold}`)).filter((record) => record.hash === deposit.txid)).toEqual([
      expect.objectContaining({ state: 'failure', failReason: 'reorganised', accountBalance: null }),
    ]);

    // The same transaction in a later block, then its twelve confirmations.
    ethereum.mine([deposit]);
    expect(await eth.tick()).toMatchObject({ detected: 1, credited: 0 });
    ethereum.mine([], 11);
    expect(await eth.tick()).toMatchObject({ credited: 1 });
    const settled = (await history(`&accountId=${cold}`)).filter((record) => record.hash === deposit.txid);
    expect(settled.map((record) => record.state).sort()).toEqual(['credited', 'failure']);
    expect(settled.find((record) => record.state === 'credited')).toMatchObject({ accountBalance: '1', quantity: '1' });
    expect(await assetOf(cold, 'ETH')).toMatchObject({ available: '1', frozen: '0' });
  });

  it('freezes a deposit from a listed sender pending credit; compliance’s release credits it, a refusal fails it', async () => {
    const { address } = await depositAddress(hot, 'BTC', 'bitcoin');
    const listedAddress = bitcoinHotWalletAddress(listedPayer.bytes(), bitcoin);
    expect(
      (await operatorCall(app, compliance, 'POST', adminSanctionsPaths.manual, { chain: 'bitcoin', address: listedAddress, note: 'mixer' }))
        .code,
    ).toBe(0);
    await bitcoin.faucet(listedAddress, 100_000_000n);
    await bitcoin.mineBlock();
    const pay = async (amount: bigint) => {
      const signed = await createBitcoinSender({ node: bitcoin, seed: listedPayer.bytes() }).buildAndSign({
        to: address,
        asset: 'BTC',
        amount,
      });
      await bitcoin.sendRawTransaction(signed.raw);
      await bitcoin.mineBlock();
      return signed.txid;
    };
    const before = await assetOf(hot, 'BTC');
    const released = await pay(20_000_000n);
    const refused = await pay(30_000_000n);
    expect(await watcher(bitcoinReceivingChain(bitcoin, seed).source).tick()).toMatchObject({ credited: 2 });
    expect(await assetOf(hot, 'BTC')).toMatchObject({ available: before!.available, frozen: '0.5' });
    const frozen = await history(`&accountId=${hot}&state=pendingCredit`);
    expect(frozen.map((record) => record.hash).sort()).toEqual([released, refused].sort());
    expect(frozen.every((record) => record.source === listedAddress)).toBe(true);

    const holds = await operatorCall(app, compliance, 'GET', `${adminSanctionsPaths.holds}?status=open&pageSize=100`);
    const holdOf = (txidOrder: string) =>
      (holds.data.items as Array<{ id: string; subjectId: string; userNo: string }>).find(
        (hold) => `D${hold.subjectId}` === frozen.find((record) => record.hash === txidOrder)!.orderNo,
      )!;
    // Compliance deals with the organisation's holder: the enterprise customer who applied.
    const holder = await database.db.selectFrom('app_user').select('user_no').where('id', '=', org.admin.userId).executeTakeFirstOrThrow();
    expect(holdOf(released).userNo).toBe(holder.user_no);
    const release = await operatorCall(app, compliance, 'POST', adminSanctionsPaths.release.replace(':id', holdOf(released).id), {});
    expect(release.code).toBe(0);
    const refuse = await operatorCall(app, compliance, 'POST', adminSanctionsPaths.refuse.replace(':id', holdOf(refused).id), {
      reason: 'sender on the list',
    });
    expect(refuse.code).toBe(0);

    const after = await history(`&accountId=${hot}`);
    const expectedAvailable = fromBaseUnits(toBaseUnits(before!.available, 8) + 20_000_000n, 8);
    expect(after.find((record) => record.hash === released)).toMatchObject({
      state: 'credited',
      quantity: '0.2',
      accountBalance: expectedAvailable,
    });
    expect(after.find((record) => record.hash === refused)).toMatchObject({
      state: 'failure',
      failReason: 'refused',
      accountBalance: null,
    });
    expect(await assetOf(hot, 'BTC')).toMatchObject({ frozen: '0.3' });
  });
});
