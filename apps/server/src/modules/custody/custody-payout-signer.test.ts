import { randomBytes, randomUUID } from 'node:crypto';
import { custodyPaths, identityPaths, toBaseUnits, type CustodyBalances, type CustodyOrderDetail } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { erc20Abi, parseEther, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { type TestOrganisation, testCustodyPayouts } from '../../../test/custody-kit';
import { withId } from '../../../test/custody-members-kit';
import { custodyTestBed, insertConsoleMember } from '../../../test/custody-setup-kit';
import { anvilTestClient, startTestEvmNode } from '../../../test/evm-kit';
import { latestCode, type identityClient } from '../../../test/identity-helpers';
import { fundPassword, platformBalance, withdrawalCustomer } from '../../../test/withdrawal-kit';
import type { OutgoingMessage } from '../../platform/adapters/messenger';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { createLogger } from '../../platform/observability/logger';
import { createAssetsModule } from '../assets';
import { chainRuntimeOf, deriveHotWalletAddress, HdSeed, type EvmNode } from '../chain';
import { evmNonceOf } from '../chain/evm/evm-sender';
import type { AnvilProcess } from '../chain/devnets';
import { evmPublicClient } from '../chain/evm/evm-node';
import { createLedger } from '../ledger/ledger.service';
import { provideWithdrawalChains, type WithdrawalChainSet } from '../withdrawals/withdrawal-chains';
import { createWithdrawalSigner, type WithdrawalSender } from '../withdrawals/withdrawal-signer';
import { inOrganisation } from './tenant-transaction';

/**
 * Custody withdrawal orders sent by the withdrawal signer (issue 18 items 1, 3, 4 and 11) on a
 * real anvil chain: an order placed and approved through the console's routes goes out from the
 * hot wallet, arrives with its exact amount and settles its hold (amount to omnibus, fee to the
 * fee account); a chain refusal fails it with the hold released in full; a tampered order and one
 * the policy engine now refuses are never signed; a freeze keeps it waiting; a customer's
 * withdrawal and a custody order signed in one tick take distinct nonces; a crash between
 * recording and broadcasting re-sends the very transaction recorded.
 */
type Client = ReturnType<typeof identityClient>;
interface Member {
  client: Client;
  email: string;
  memberId: string;
}

const seed = new HdSeed(randomBytes(64));
const silentLogger = createLogger({ LOG_LEVEL: 'silent' });
let anvil: AnvilProcess | undefined;
let node: EvmNode;
let chains: WithdrawalChainSet;
const env = { WITHDRAWAL_MIN_KYC_LEVEL: '1', LOG_LEVEL: 'silent' };

const custody = custodyTestBed({
  async appOptions(db) {
    ({ anvil, node } = await startTestEvmNode());
    chains = provideWithdrawalChains({ db, chains: chainRuntimeOf({ seed, evm: node }) });
    await chains.prepare!({ ledger: createLedger(db), logger: silentLogger });
    return { env, withdrawalChains: chains };
  },
});

afterAll(async () => {
  await anvil?.stop();
});

let org: TestOrganisation;
let admin: Member;
let accountId: string;
let submitter: Member;
let funded = 0;
const alerts: object[] = [];
const warnings: object[] = [];

const mine = (blocks: number) => anvilTestClient(anvil!.rpcUrl).mine({ blocks });
const externalAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;
const hotWallet = () => deriveHotWalletAddress(seed.bytes(), 'EVM') as Address;

/** E-mails the test signers' payouts sent (the app's own payouts write to the dev outbox: see the first test). */
const mails: OutgoingMessage[] = [];

/**
 * The custody module's payouts as `app.ts` builds them, its log and e-mails kept: the submitter's
 * address and language are read from the customer's row, as identity's `noticeRecipient` answers.
 */
function payouts() {
  return testCustodyPayouts(custody.db, {
    mails,
    alerts,
    warnings,
    noticeRecipient: async (userId) => {
      const user = await custody.db.selectFrom('app_user').select(['email', 'language']).where('id', '=', userId).executeTakeFirst();
      return user?.email ? { email: user.email, language: user.language } : null;
    },
  });
}

/** A fresh signer over the same database and chain, sending custody orders too: what a restarted process builds. */
function newSigner(senders: Map<string, WithdrawalSender> = chains.senders) {
  const assets = createAssetsModule({ db: custody.db }).api;
  return createWithdrawalSigner({
    db: custody.db,
    ledger: createLedger(custody.db),
    senders,
    logger: silentLogger,
    custodyPayouts: {
      source: payouts(),
      confirmationsOf: async (asset, chain) => {
        const found = await assets.readChainSetting(asset, chain);
        if ('missing' in found) throw new Error(`no ${asset} on ${chain}`);
        return found.setting.confirmationsToWithdraw;
      },
    },
  });
}

async function member(role: 'approver' | 'lineAdmin' = 'approver'): Promise<Member> {
  const customer = await custody.customer('payouts');
  const memberId = await insertConsoleMember(custody.db, org.orgId, { state: 'active', role, userId: customer.userId });
  return { client: customer.client, email: customer.email, memberId };
}

async function fund(asset: 'USDT' | 'ETH', units: bigint): Promise<void> {
  const ledger = createLedger(custody.db);
  funded += 1;
  await ledger.transfer({
    idempotencyKey: `test-custody-payout-fund-${funded}`,
    billType: 2001,
    from: await ledger.platformAccount('chain', asset),
    to: await ledger.custodyAccount(accountId, asset),
    amount: units,
  });
}

/** The custody account's balance of `coin` as the console shows it (decimal text). */
async function balanceOf(coin: string): Promise<{ available: string; frozen: string }> {
  const answer = await admin.client.get(custodyPaths.balances);
  const balances = answer.body.data as CustodyBalances;
  const row = balances.accounts.find((each) => each.accountId === accountId)?.assets.find((each) => each.coin === coin);
  return { available: row?.available ?? '0', frozen: row?.frozen ?? '0' };
}

async function detail(id: string): Promise<CustodyOrderDetail> {
  const answer = await admin.client.get(withId(custodyPaths.order, id));
  expect(answer.body.code).toBe(0);
  return answer.body.data as CustodyOrderDetail;
}

/**
 * An order of `amount` `coin` to `address` on a fresh business line (minimum reviewers 1, one
 * fresh reviewer), submitted by the submitter and approved by the reviewer through the routes:
 * `sending`, its hold in place.
 */
async function approvedOrder(coin: 'USDT' | 'ETH', amount: string, address: string): Promise<CustodyOrderDetail> {
  const reviewer = await member();
  const line = await admin.client.post(custodyPaths.lines, {
    name: `Payouts ${randomUUID().slice(0, 8)}`,
    adminEmail: 'line@northwind.example',
    currencies: [coin],
    accountIds: [accountId],
    minReviewers: 1,
    reviewerMemberIds: [reviewer.memberId],
    limits: [],
    whitelist: [],
  });
  expect(line.body.code).toBe(0);
  const placed = await submitter.client.post(custodyPaths.orders, {
    requestId: randomUUID(),
    lineId: line.body.data.id,
    accountId,
    coin,
    chain: 'ethereum',
    amount,
    address,
    note: 'payout',
  });
  expect(placed.body.code).toBe(0);
  const order = placed.body.data as CustodyOrderDetail;
  const sent = await reviewer.client.post(identityPaths.userCode, { purpose: 'transfer', channel: 'email' });
  expect(sent.body.code).toBe(0);
  const approved = await reviewer.client.post(withId(custodyPaths.approveOrder, order.order.id), {
    digest: order.order.digest,
    emailCode: await latestCode(custody.app, reviewer.email),
    opinion: 'fine',
  });
  expect(approved.body.code).toBe(0);
  expect((approved.body.data as CustodyOrderDetail).order.state).toBe('sending');
  return order;
}

function outboxRow(orderId: string) {
  return custody.db.selectFrom('custody_payout_outbox').selectAll().where('order_id', '=', orderId).executeTakeFirst();
}

/** The on-chain balance once the transaction is mined (anvil answers a broadcast before its block). */
async function arrived(asset: 'USDT' | 'ETH', address: Address, txid: string): Promise<bigint> {
  const client = evmPublicClient(anvil!.rpcUrl);
  await client.waitForTransactionReceipt({ hash: txid as Hex, pollingInterval: 50, timeout: 20_000 });
  return asset === 'ETH'
    ? client.getBalance({ address })
    : client.readContract({ address: node.tokens.USDT, abi: erc20Abi, functionName: 'balanceOf', args: [address] });
}

/** The newest e-mail the dev outbox holds for `to`. */
async function lastMail(to: string): Promise<{ subject: string; body: string } | undefined> {
  const response = await custody.app.inject({ url: `/dev/outbox?to=${encodeURIComponent(to)}&limit=1` });
  return (response.json().data as Array<{ subject: string; body: string }>)[0];
}

beforeAll(async () => {
  org = await custody.organisation({ tag: 'payouts', company: 'Payouts Co' });
  const adminMember = await inOrganisation(custody.db, org.orgId, (trx) =>
    trx.selectFrom('custody_member').select('id').where('user_id', '=', org.admin.userId).executeTakeFirstOrThrow(),
  );
  admin = { client: org.admin.client, email: org.admin.email, memberId: adminMember.id };
  const opened = await admin.client.post(custodyPaths.accounts, { name: 'Treasury hot', kind: 'hot', tier: 'enterprise' });
  expect(opened.body.code).toBe(0);
  accountId = opened.body.data.id as string;
  await fund('USDT', 1_000_000_000n);
  await fund('ETH', parseEther('10'));
  submitter = await member('lineAdmin');
}, 120_000);

describe('the signer sends approved custody withdrawal orders', { timeout: 120_000 }, () => {
  it('the app’s own signer sends an approved order: exact amount on chain, approved with its txid, hold settled, fee to the fee account, submitter e-mailed', async () => {
    const to = externalAddress();
    const before = await balanceOf('USDT');
    const [feesBefore, omnibusBefore] = [
      await platformBalance(custody.db, 'fees', 'USDT'),
      await platformBalance(custody.db, 'omnibus', 'USDT'),
    ];
    const order = await approvedOrder('USDT', '12.345678', to);
    const units = (amount: string) => toBaseUnits(amount, 6);
    expect(units(before.available) - units((await balanceOf('USDT')).available)).toBe(14_345_678n);
    expect((await balanceOf('USDT')).frozen).toBe('14.345678');

    // A second app over the same database, with the signer running as `npm start` runs it (app.ts's wiring).
    const jobs: JobQueue = {
      define: () => undefined,
      send: async () => null,
      start: async () => undefined,
      stop: async () => undefined,
      isRunning: () => true,
    };
    const running: FastifyInstance = await buildTestApp(custody.db, {
      env: { ...env, WITHDRAWAL_POLL_MS: '100' },
      withdrawalChains: chains,
      jobs,
    });
    let done: CustodyOrderDetail | undefined;
    try {
      for (let attempt = 0; attempt < 200 && done?.order.state !== 'approved'; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, 150));
        if (await outboxRow(order.order.id)) await mine(2);
        done = await detail(order.order.id);
      }
    } finally {
      await running.close();
    }
    expect(done?.order.state).toBe('approved');
    const recorded = await outboxRow(order.order.id);
    expect(recorded).toMatchObject({ outcome: 'settled', chain: 'ethereum', asset: 'USDT', amount: '12345678' });
    expect(recorded?.resolved_at).not.toBeNull();
    const stored = await sql<{ txid: string }>`select txid from custody_withdrawal_order where id = ${order.order.id}`.execute(custody.db);
    expect(stored.rows[0]!.txid).toBe(recorded!.txid);
    expect(await arrived('USDT', to, recorded!.txid)).toBe(12_345_678n);

    // The custody account paid amount + fee, the hold is gone; the fee went to the fee account, the amount to omnibus.
    const after = await balanceOf('USDT');
    expect(units(before.available) - units(after.available)).toBe(14_345_678n);
    expect(after.frozen).toBe('0');
    expect((await platformBalance(custody.db, 'fees', 'USDT')) - feesBefore).toBe(2_000_000n);
    expect((await platformBalance(custody.db, 'omnibus', 'USDT')) - omnibusBefore).toBe(12_345_678n);
    const mail = await lastMail(submitter.email);
    expect(mail?.subject).toContain(order.order.serialNo);
    expect(mail?.body).toContain(recorded!.txid);
    expect(mail?.body).toContain('12.345678 USDT');
  });

  it('a transaction the chain refuses fails the order: transfer failed, hold released in full, no fee, submitter e-mailed', async () => {
    const hot = hotWallet();
    const client = evmPublicClient(anvil!.rpcUrl);
    const float = await client.getBalance({ address: hot });
    const before = await balanceOf('ETH');
    const feesBefore = await platformBalance(custody.db, 'fees', 'ETH');
    const order = await approvedOrder('ETH', '0.2', externalAddress());
    expect((await balanceOf('ETH')).frozen).not.toBe('0');
    await anvilTestClient(anvil!.rpcUrl).setBalance({ address: hot, value: parseEther('0.01') });
    try {
      expect(await newSigner().tick()).toMatchObject({ payouts: { signed: 0, failed: 1 } });
    } finally {
      await anvilTestClient(anvil!.rpcUrl).setBalance({ address: hot, value: float });
    }
    expect((await detail(order.order.id)).order.state).toBe('transfer_failed');
    expect(await balanceOf('ETH')).toEqual(before);
    expect(await platformBalance(custody.db, 'fees', 'ETH')).toBe(feesBefore);
    expect(await outboxRow(order.order.id)).toMatchObject({ outcome: 'failed' });
    expect(mails.filter((mail) => mail.to === submitter.email && mail.subject.includes(order.order.serialNo))).toEqual([
      expect.objectContaining({ channel: 'email', subject: `Coffer: withdrawal order ${order.order.serialNo} failed` }),
    ]);
    expect(mails.at(-1)?.text).toContain('the network refused the transaction');
    // Nothing more happens on later ticks.
    expect(await newSigner().tick()).toMatchObject({ payouts: { signed: 0, settled: 0, failed: 0 } });
  });

  it('an order changed in the database after its approval is refused by the signer with an alert, never signed, its hold released', async () => {
    const before = await balanceOf('USDT');
    const order = await approvedOrder('USDT', '3', externalAddress());
    await sql`update custody_withdrawal_order set address = ${externalAddress()} where id = ${order.order.id}`.execute(custody.db);
    alerts.length = 0;
    expect(await newSigner().tick()).toMatchObject({ payouts: { signed: 0 } });
    expect(alerts).toEqual([expect.objectContaining({ alert: 'custody-order-tampered', orderId: order.order.id, refused: true })]);
    expect(await outboxRow(order.order.id)).toBeUndefined();
    expect((await detail(order.order.id)).order.state).toBe('transfer_failed');
    expect(await balanceOf('USDT')).toEqual(before);
    expect(mails.at(-1)).toMatchObject({ to: submitter.email, subject: `Coffer: withdrawal order ${order.order.serialNo} failed` });
    expect(mails.at(-1)?.text).toContain('the order was changed after its approvals');
  });

  it('policy before sending: a frozen organisation keeps the order waiting; a rule that now refuses it fails it with its hold released', async () => {
    const before = await balanceOf('USDT');
    const waiting = await approvedOrder('USDT', '1', externalAddress());
    await sql`update custody_org set frozen_at = now() where id = ${org.orgId}`.execute(custody.db);
    try {
      expect(await newSigner().tick()).toMatchObject({ payouts: { signed: 0, failed: 0 } });
      expect((await detail(waiting.order.id)).order.state).toBe('sending');
      expect(await outboxRow(waiting.order.id)).toBeUndefined();
    } finally {
      await sql`update custody_org set frozen_at = null where id = ${org.orgId}`.execute(custody.db);
    }
    // The line no longer allows the coin: refused by the rule, failed, released.
    await sql`update custody_line set currencies = '{ETH}' where id = ${waiting.order.lineId}`.execute(custody.db);
    warnings.length = 0;
    expect(await newSigner().tick()).toMatchObject({ payouts: { signed: 0 } });
    expect(warnings).toContainEqual(
      expect.objectContaining({ alert: 'custody-order-policy-refused', orderId: waiting.order.id, rule: 'assetAllowed' }),
    );
    expect((await detail(waiting.order.id)).order.state).toBe('transfer_failed');
    expect(await balanceOf('USDT')).toEqual(before);
    expect(mails.at(-1)?.text).toContain('a policy rule of its business line now refuses it (assetAllowed)');
  });

  it('a customer’s withdrawal and a custody order signed in one tick on one chain take distinct nonces, and both arrive', async () => {
    const customer = await withdrawalCustomer(custody.app, custody.db);
    await customer.credit('ETH', parseEther('1'), `0x${randomBytes(32).toString('hex')}`);
    const customerTo = externalAddress();
    const sent = await customer.client.post(customer.withdrawPath('ETH'), {
      address: customerTo,
      amount: '0.05',
      fundPassword,
      gaCode: await customer.nextGaCode(),
      requestId: `same-tick-${customer.userNo}`,
    });
    expect(sent.body.code).toBe(0);
    const custodyTo = externalAddress();
    const order = await approvedOrder('USDT', '5', custodyTo);

    const signer = newSigner();
    expect(await signer.tick()).toMatchObject({ signed: 1, payouts: { signed: 1 } });
    const withdrawalRaw = await custody.db
      .selectFrom('withdrawal_outbox')
      .select(['raw', 'txid'])
      .where('withdrawal_id', '=', sent.body.data.record.id)
      .executeTakeFirstOrThrow();
    const payout = await outboxRow(order.order.id);
    expect(evmNonceOf(payout!.raw)).not.toBeNull();
    expect(evmNonceOf(payout!.raw)).not.toBe(evmNonceOf(withdrawalRaw.raw));
    expect(await arrived('ETH', customerTo, withdrawalRaw.txid)).toBe(parseEther('0.05'));
    expect(await arrived('USDT', custodyTo, payout!.txid)).toBe(5_000_000n);
    await mine(12);
    expect(await signer.tick()).toMatchObject({ settled: 1, payouts: { settled: 1 } });
    expect((await detail(order.order.id)).order).toMatchObject({ state: 'approved' });
  });

  it('after a crash between recording and broadcasting, re-sends the recorded transaction and never signs another', async () => {
    const to = externalAddress();
    const order = await approvedOrder('USDT', '2.5', to);
    const real = chains.senders.get('ethereum')!;
    // The node cannot be reached at broadcast: outcome unknown, nothing is failed.
    const unreachable: WithdrawalSender = {
      ...real,
      chain: real.chain,
      buildAndSign: (transfer) => real.buildAndSign(transfer),
      confirmations: (txid) => real.confirmations(txid),
      abandon: (raw) => real.abandon(raw),
      broadcast: async () => Promise.reject(new Error('ECONNRESET')),
    };
    expect(await newSigner(new Map([['ethereum', unreachable]])).tick()).toMatchObject({ payouts: { signed: 1, failed: 0 } });
    const recorded = await outboxRow(order.order.id);
    expect(recorded?.broadcast_at).toBeNull();
    expect(recorded?.last_error).toBe('ECONNRESET');
    expect((await detail(order.order.id)).order.state).toBe('sending');

    // The restarted process: the same raw transaction goes out, nothing is signed anew.
    expect(await newSigner().tick()).toMatchObject({ payouts: { signed: 0, failed: 0 } });
    const after = await outboxRow(order.order.id);
    expect(after).toMatchObject({ txid: recorded!.txid, raw: recorded!.raw });
    expect(after?.broadcast_at).not.toBeNull();
    expect(await arrived('USDT', to, recorded!.txid)).toBe(2_500_000n);
    await mine(12);
    expect(await newSigner().tick()).toMatchObject({ payouts: { settled: 1 } });
    const stored = await sql<{
      txid: string;
      state: string;
    }>`select txid, state from custody_withdrawal_order where id = ${order.order.id}`.execute(custody.db);
    expect(stored.rows[0]).toEqual({ txid: recorded!.txid, state: 'approved' });
    const count = await sql<{
      count: string;
    }>`select count(*)::text as count from custody_payout_outbox where order_id = ${order.order.id}`.execute(custody.db);
    expect(count.rows[0]!.count).toBe('1');
  });

  it('20 signers ticking at once over one approved order sign and send it once', async () => {
    const to = externalAddress();
    const order = await approvedOrder('USDT', '1.5', to);
    const results = await Promise.all(Array.from({ length: 20 }, () => newSigner().tick()));
    expect(results.reduce((sum, result) => sum + result.payouts.signed, 0)).toBe(1);
    const recorded = await outboxRow(order.order.id);
    expect(await arrived('USDT', to, recorded!.txid)).toBe(1_500_000n);
    await mine(12);
    await newSigner().tick();
    expect((await detail(order.order.id)).order.state).toBe('approved');
    expect(await arrived('USDT', to, recorded!.txid)).toBe(1_500_000n);
  });
});
