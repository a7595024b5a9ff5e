import { randomBytes } from 'node:crypto';
import { depositPaths, languageTypeByLanguage, walletPaths, withdrawalPaths } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { erc20Abi, parseEther, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { anvilTestClient, localWalletClient, startTestEvmNode } from '../../../test/evm-kit';
import { createLogger } from '../../platform/observability/logger';
import {
  BroadcastRejectedError,
  chainRuntimeOf,
  checkXrpAddress,
  deriveHotWalletAddress,
  encodeXAddress,
  evmReceivingChain,
  HdSeed,
  type EvmNode,
} from '../chain';
import { cofferTestTokenAbi, localFunder, type AnvilProcess } from '../chain/devnets';
import { evmPublicClient } from '../chain/evm/evm-node';
import { createLedger } from '../ledger/ledger.service';
import { provideWithdrawalChains, type WithdrawalChainSet } from './withdrawal-chains';
import { createWithdrawalSigner, type WithdrawalSender } from './withdrawal-signer';
import { fundPassword, platformBalance, withdrawalCustomer } from '../../../test/withdrawal-kit';
import { signInOperator } from '../../../test/operator-kit';

let database: TestDatabase;
let app: FastifyInstance;
let anvil: AnvilProcess;
let node: EvmNode;
let chains: WithdrawalChainSet;
const seed = new HdSeed(randomBytes(64));
const silentLogger = createLogger({ LOG_LEVEL: 'silent' });

const testClient = () => anvilTestClient(anvil.rpcUrl);
const funderWallet = () => localWalletClient(anvil.rpcUrl);
const mine = (blocks: number) => testClient().mine({ blocks });

/** A fresh signer over the same database and chain: what a restarted process builds. */
function newSigner(senders: Map<string, WithdrawalSender> = chains.senders) {
  return createWithdrawalSigner({ db: database.db, ledger: createLedger(database.db), senders, logger: silentLogger });
}

/**
 * A balance on the chain once every broadcast transaction is mined: anvil answers
 * `eth_sendRawTransaction` before its miner has put the transaction in a block, so on a busy
 * machine a balance read straight after a broadcast can come before the block.
 */
async function onChainBalance(asset: 'ETH' | 'USDT', address: Address): Promise<bigint> {
  const client = evmPublicClient(anvil.rpcUrl);
  const broadcast = await database.db
    .selectFrom('withdrawal_outbox')
    .select('txid')
    .where('chain', '=', 'ethereum')
    .where('broadcast_at', 'is not', null)
    .where('resolved_at', 'is', null)
    .execute();
  await Promise.all(
    broadcast.map(({ txid }) => client.waitForTransactionReceipt({ hash: txid as Hex, pollingInterval: 50, timeout: 20_000 })),
  );
  return asset === 'ETH'
    ? client.getBalance({ address })
    : client.readContract({ address: node.tokens.USDT, abi: erc20Abi, functionName: 'balanceOf', args: [address] });
}

const externalAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;

/** A complete customer with an EVM deposit address; `deposit` puts real coins there and credits them. */
async function customer(options: { complete?: boolean } = {}) {
  const base = await withdrawalCustomer(app, database.db, { ...options, depositChain: 'ethereum' });
  const address = base.address as Address;
  async function deposit(asset: 'ETH' | 'USDT', amount: bigint) {
    const wallet = funderWallet();
    const txid =
      asset === 'ETH'
        ? await wallet.sendTransaction({ account: localFunder, to: address, value: amount })
        : await wallet.writeContract({
            account: localFunder,
            address: node.tokens.USDT,
            abi: cofferTestTokenAbi,
            functionName: 'mint',
            args: [address, amount],
          });
    await evmPublicClient(anvil.rpcUrl).waitForTransactionReceipt({ hash: txid, pollingInterval: 50 });
    await base.credit(asset, amount, txid);
  }
  return { ...base, address, deposit };
}

type Customer = Awaited<ReturnType<typeof customer>>;

async function trustedAddress(owner: Customer, address: string): Promise<void> {
  const added = await owner.client.post(withdrawalPaths.addWithdrawAddress, {
    chain: 'ethereum',
    address,
    note: 'cold',
    gaCode: await owner.nextGaCode(),
  });
  expect(added.body.code).toBe(0);
  const trusted = await owner.client.post(withdrawalPaths.verifyTrustedAddress, {
    id: added.body.data.id,
    fundPassword,
    gaCode: await owner.nextGaCode(),
  });
  expect(trusted.body.code).toBe(0);
  // As if the cooling period had passed.
  await database.db
    .updateTable('withdraw_address')
    .set({ trusted_at: new Date(Date.now() - 25 * 3_600_000) })
    .where('id', '=', added.body.data.id)
    .execute();
}

beforeAll(async () => {
  ({ anvil, node } = await startTestEvmNode());
  database = await createTestDatabase();
  chains = provideWithdrawalChains({ db: database.db, chains: chainRuntimeOf({ seed, evm: node }) });
  await chains.prepare!({ ledger: createLedger(database.db), logger: silentLogger });
  app = await buildTestApp(database.db, {
    env: { WITHDRAWAL_MIN_KYC_LEVEL: '1', LOG_LEVEL: 'silent' },
    depositChains: { chains: [evmReceivingChain(node, seed)], faucets: [] },
    withdrawalChains: chains,
  });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
  await anvil?.stop();
});

describe('on-chain withdrawals', () => {
  it('signs, records, broadcasts, mines and settles an ETH and a USDT withdrawal', async () => {
    const alice = await customer();
    await alice.deposit('ETH', parseEther('1'));
    await alice.deposit('USDT', 500_000_000n);
    const to = externalAddress();

    const pre = await alice.client.post(withdrawalPaths.preWithdraw, {
      coin: 'ETH',
      chain: 'ethereum',
      address: to.toLowerCase(),
      amount: '0.1',
    });
    expect(pre.body.data).toMatchObject({
      address: to,
      amount: '0.1',
      fee: '0.001',
      totalDebit: '0.101',
      usdValue: '360.00',
      isInner: false,
      skipsVerification: false,
      needsSecondConfirmation: false,
      secondFactor: 'ga',
    });

    const sent = await alice.client.post(alice.withdrawPath('ETH'), {
      address: to,
      amount: '0.1',
      fundPassword,
      gaCode: await alice.nextGaCode(),
      requestId: `eth-${alice.userNo}`,
    });
    expect(sent.body.code).toBe(0);
    expect(sent.body.data).toMatchObject({
      confirmationCode: null,
      record: { kind: 'withdrawal', status: 'processing', amount: '0.1', fee: '0.001', txid: null, accountType: 'ordinary' },
    });
    expect(await alice.balance('ETH')).toEqual({ available: parseEther('0.899'), frozen: parseEther('0.101') });
    const usdt = await alice.client.post(alice.withdrawPath('USDT'), {
      address: to,
      amount: '25',
      fundPassword,
      gaCode: await alice.nextGaCode(),
      requestId: `usdt-${alice.userNo}`,
    });
    expect(usdt.body.code).toBe(0);

    const fees = await platformBalance(database.db, 'fees', 'ETH');
    const signer = newSigner();
    expect(await signer.tick()).toMatchObject({ signed: 2, settled: 0 });
    const outbox = await database.db
      .selectFrom('withdrawal_outbox')
      .selectAll()
      .where('withdrawal_id', '=', sent.body.data.record.id)
      .executeTakeFirstOrThrow();
    expect(outbox.broadcast_at).not.toBeNull();
    expect(await onChainBalance('ETH', to)).toBe(parseEther('0.1'));
    expect(await onChainBalance('USDT', to)).toBe(25_000_000n);
    // Mined, but short of the 12 confirmations: still held.
    await mine(5);
    await signer.tick();
    expect((await alice.balance('ETH')).frozen).toBe(parseEther('0.101'));
    const confirming = await alice.client.get(`${withdrawalPaths.withdrawals}?coin=ETH`);
    // The ETH transaction is one block older than the USDT one.
    expect(confirming.body.data.records[0]).toMatchObject({
      status: 'confirming',
      txid: outbox.txid,
      confirmations: 7,
      requiredConfirmations: 12,
    });

    await mine(6);
    expect(await signer.tick()).toMatchObject({ settled: 2 });
    expect(await alice.balance('ETH')).toEqual({ available: parseEther('0.899'), frozen: 0n });
    expect(await alice.balance('USDT')).toEqual({ available: 473_000_000n, frozen: 0n });
    expect((await platformBalance(database.db, 'fees', 'ETH')) - fees).toBe(parseEther('0.001'));
    const done = await alice.client.post(depositPaths.dwRecords, { kind: 'withdrawal' });
    expect(done.body.data.total).toBe(2);
    expect(
      done.body.data.records.map((record: { status: string; txid: string | null; serialNumber: string }) => [
        record.status,
        record.txid !== null,
        /^WD\d{18}$/.test(record.serialNumber),
      ]),
    ).toEqual([
      ['completed', true, true],
      ['completed', true, true],
    ]);
    const bills = await alice.client.get(`${walletPaths.userBills}?type=2002`);
    expect(bills.body.data.records.length).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('releases the hold without a fee when the chain refuses the transaction', async () => {
    const bob = await customer();
    await bob.deposit('ETH', parseEther('1'));
    const hot = deriveHotWalletAddress(seed.bytes(), 'EVM') as Address;
    const float = await onChainBalance('ETH', hot);
    await testClient().setBalance({ address: hot, value: parseEther('0.01') });
    try {
      const sent = await bob.client.post(bob.withdrawPath('ETH'), {
        address: externalAddress(),
        amount: '0.2',
        fundPassword,
        gaCode: await bob.nextGaCode(),
        requestId: `refused-${bob.userNo}`,
      });
      expect(sent.body.code).toBe(0);
      const fees = await platformBalance(database.db, 'fees', 'ETH');
      expect(await newSigner().tick()).toMatchObject({ signed: 0, failed: 1 });
      expect(await bob.balance('ETH')).toEqual({ available: parseEther('1'), frozen: 0n });
      expect(await platformBalance(database.db, 'fees', 'ETH')).toBe(fees);
      const record = (await bob.client.get(withdrawalPaths.withdrawals)).body.data.records[0];
      expect(record).toMatchObject({ status: 'failed', failReason: 'broadcastRejected', txid: null });
    } finally {
      await testClient().setBalance({ address: hot, value: float });
    }
  }, 60_000);

  it('after a crash between recording and broadcasting, re-sends the recorded transaction and never signs another', async () => {
    const carol = await customer();
    await carol.deposit('ETH', parseEther('1'));
    const to = externalAddress();
    const sent = await carol.client.post(carol.withdrawPath('ETH'), {
      address: to,
      amount: '0.05',
      fundPassword,
      gaCode: await carol.nextGaCode(),
      requestId: `crash-${carol.userNo}`,
    });
    expect(sent.body.code).toBe(0);
    const real = chains.senders.get('ethereum')!;
    // The node cannot be reached at broadcast: outcome unknown, nothing is failed.
    const unreachable: WithdrawalSender = {
      ...real,
      chain: real.chain,
      buildAndSign: (t) => real.buildAndSign(t),
      confirmations: (t) => real.confirmations(t),
      abandon: (r) => real.abandon(r),
      broadcast: async () => Promise.reject(new Error('ECONNRESET')),
    };
    await newSigner(new Map([['ethereum', unreachable]])).tick();
    const recorded = await database.db
      .selectFrom('withdrawal_outbox')
      .selectAll()
      .where('withdrawal_id', '=', sent.body.data.record.id)
      .executeTakeFirstOrThrow();
    expect(recorded.broadcast_at).toBeNull();
    expect(await onChainBalance('ETH', to)).toBe(0n);

    await newSigner().tick();
    const after = await database.db
      .selectFrom('withdrawal_outbox')
      .selectAll()
      .where('withdrawal_id', '=', sent.body.data.record.id)
      .executeTakeFirstOrThrow();
    expect(after.txid).toBe(recorded.txid);
    expect(after.raw).toBe(recorded.raw);
    expect(after.broadcast_at).not.toBeNull();
    expect(await onChainBalance('ETH', to)).toBe(parseEther('0.05'));
    await mine(12);
    await newSigner().tick();
    expect((await carol.client.get(withdrawalPaths.withdrawals)).body.data.records[0]).toMatchObject({
      status: 'completed',
      txid: recorded.txid,
    });
    expect(BroadcastRejectedError).toBeDefined();
  }, 60_000);

  it('50 concurrent withdrawals against one balance never over-spend, and each nonce is used once', async () => {
    const dave = await customer();
    await dave.deposit('USDT', 100_000_000n);
    const to = externalAddress();
    await trustedAddress(dave, to);
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, index) =>
        dave.client.post(dave.withdrawPath('USDT'), { address: to, amount: '10', requestId: `burst-${index}-${dave.userNo}` }),
      ),
    );
    const codes = answers.map((answer) => answer.body.code);
    // 10 USDT + 2 USDT fee each: 8 fit in 100.
    expect(codes.filter((code) => code === 0)).toHaveLength(8);
    expect(codes.filter((code) => code !== 0).every((code) => code === 17000004 || code === 17000001)).toBe(true);
    expect(await dave.balance('USDT')).toEqual({ available: 4_000_000n, frozen: 96_000_000n });

    const signer = newSigner();
    expect(await signer.tick()).toMatchObject({ signed: 8 });
    await mine(12);
    expect(await signer.tick()).toMatchObject({ settled: 8 });
    expect(await onChainBalance('USDT', to)).toBe(80_000_000n);
    expect(await dave.balance('USDT')).toEqual({ available: 4_000_000n, frozen: 0n });
  }, 90_000);

  it('a replayed submission with the same request id sends nothing new; another body under it is refused', async () => {
    const erin = await customer();
    await erin.deposit('ETH', parseEther('1'));
    const to = externalAddress();
    const body = { address: to, amount: '0.02', fundPassword, gaCode: await erin.nextGaCode(), requestId: `replay-${erin.userNo}` };
    const first = await erin.client.post(erin.withdrawPath('ETH'), body);
    expect(first.body.code).toBe(0);
    await newSigner().tick();
    const again = await erin.client.post(erin.withdrawPath('ETH'), body);
    expect(again.body.code).toBe(0);
    expect(again.body.data.record.serialNumber).toBe(first.body.data.record.serialNumber);
    expect(await newSigner().tick()).toMatchObject({ signed: 0 });
    expect(await onChainBalance('ETH', to)).toBe(parseEther('0.02'));
    const rows = await database.db.selectFrom('withdrawal').select('id').where('user_id', '=', erin.userId).execute();
    expect(rows).toHaveLength(1);
    expect((await erin.balance('ETH')).frozen).toBe(parseEther('0.021'));
    expect((await erin.client.post(erin.withdrawPath('ETH'), { ...body, amount: '0.03' })).body.code).toBe(21000052);
  }, 60_000);

  it('refuses smart-contract destinations, invalid addresses, amounts below the minimum and above the balance', async () => {
    const frank = await customer();
    await frank.deposit('ETH', parseEther('0.1'));
    const base = { amount: '0.01', fundPassword, requestId: `checks-${frank.userNo}` };
    expect(
      (await frank.client.post(frank.withdrawPath('ETH'), { ...base, address: node.tokens.USDT, gaCode: await frank.nextGaCode() })).body
        .code,
    ).toBe(21000030);
    expect(
      (await frank.client.post(frank.withdrawPath('ETH'), { ...base, address: '0x12345', gaCode: await frank.nextGaCode() })).body.code,
    ).toBe(21000003);
    // A mixed-case address with a wrong EIP-55 checksum.
    expect(
      (
        await frank.client.post(frank.withdrawPath('ETH'), {
          ...base,
          address: '0xFB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
          gaCode: await frank.nextGaCode(),
        })
      ).body.code,
    ).toBe(21000003);
    expect(
      (
        await frank.client.post(frank.withdrawPath('ETH'), {
          ...base,
          address: externalAddress(),
          amount: '0.001',
          gaCode: await frank.nextGaCode(),
        })
      ).body.code,
    ).toBe(17000012);
    expect(
      (
        await frank.client.post(frank.withdrawPath('ETH'), {
          ...base,
          address: externalAddress(),
          amount: '0.1',
          gaCode: await frank.nextGaCode(),
        })
      ).body.code,
    ).toBe(17000004);
    expect(
      (
        await frank.client.post(frank.withdrawPath('ETH'), {
          ...base,
          address: externalAddress(),
          fundPassword: '147036',
          gaCode: await frank.nextGaCode(),
        })
      ).body.code,
    ).toBe(16000012);
    expect((await frank.client.post(frank.withdrawPath('ETH'), { ...base, address: externalAddress() })).body).toMatchObject({
      code: 19000002,
      data: { field: 'gaCode' },
    });
    expect(
      (
        await frank.client.post(withdrawalPaths.withdraw.replace(':coin', 'BTC').replace(':chain', 'ethereum'), {
          ...base,
          address: externalAddress(),
        })
      ).body.code,
    ).toBe(21000036);
    expect(await frank.balance('ETH')).toEqual({ available: parseEther('0.1'), frozen: 0n });
  }, 60_000);
});

describe('limits and confirmations', () => {
  it('counts pending and completed withdrawals of the last 24 hours against the 2000 USD limit', async () => {
    const gina = await customer();
    await gina.deposit('ETH', parseEther('2'));
    const before = await gina.client.get(`${withdrawalPaths.userWithdrawLimit}?coin=ETH&chain=ethereum`);
    expect(before.body.data).toMatchObject({
      minWithdrawal: '0.005',
      fee: '0.001',
      available: '2',
      dailyLimitUsd: '2000.00',
      dailyUsedUsd: '0.00',
      usdPrice: '3600',
      confirmationsToWithdraw: 12,
      needsMemo: false,
    });
    for (const [index, amount] of ['0.25', '0.25'].entries()) {
      const sent = await gina.client.post(gina.withdrawPath('ETH'), {
        address: externalAddress(),
        amount,
        fundPassword,
        gaCode: await gina.nextGaCode(),
        requestId: `limit-${index}-${gina.userNo}`,
      });
      expect(sent.body.code).toBe(0);
    }
    const after = await gina.client.get(`${withdrawalPaths.userWithdrawLimit}?coin=ETH&chain=ethereum`);
    expect(after.body.data).toMatchObject({
      dailyUsedUsd: '1800.00',
      dailyRemainingUsd: '200.00',
      dailyRemainingCoin: '0.055555555555555555',
      maxWithdrawable: '0.055555555555555555',
    });
    const over = await gina.client.post(gina.withdrawPath('ETH'), {
      address: externalAddress(),
      amount: '0.1',
      fundPassword,
      gaCode: await gina.nextGaCode(),
      requestId: `limit-over-${gina.userNo}`,
    });
    expect(over.body.code).toBe(17000013);
    expect(over.body.msg).toContain('2000.00');
    // A withdrawal older than 24 hours no longer counts.
    await database.db
      .updateTable('withdrawal')
      .set({ created_at: new Date(Date.now() - 25 * 3_600_000) })
      .where('user_id', '=', gina.userId)
      .execute();
    const later = await gina.client.post(gina.withdrawPath('ETH'), {
      address: externalAddress(),
      amount: '0.1',
      fundPassword,
      gaCode: await gina.nextGaCode(),
      requestId: `limit-later-${gina.userNo}`,
    });
    expect(later.body.code).toBe(0);
  }, 60_000);

  it('asks a large withdrawal for a second confirmation within 5 hours; an expired one is cancelled and released', async () => {
    const hank = await customer();
    await hank.deposit('ETH', parseEther('1'));
    const late = await hank.client.post(hank.withdrawPath('ETH'), {
      address: externalAddress(),
      amount: '0.3',
      fundPassword,
      gaCode: await hank.nextGaCode(),
      requestId: `large-late-${hank.userNo}`,
    });
    expect(late.body.data.record.status).toBe('awaitingConfirmation');
    await database.db
      .updateTable('withdrawal')
      .set({ confirm_before: new Date(Date.now() - 1000) })
      .where('serial_no', '=', late.body.data.record.serialNumber)
      .execute();
    expect(
      (await hank.client.post(withdrawalPaths.confirmWithdrawal, { serialNumber: late.body.data.record.serialNumber })).body.code,
    ).toBe(21000050);
    // Released in full; a cancelled withdrawal no longer counts against the 24-hour limit.
    expect(await hank.balance('ETH')).toEqual({ available: parseEther('1'), frozen: 0n });
    const to = externalAddress();
    const pre = await hank.client.post(withdrawalPaths.preWithdraw, { coin: 'ETH', chain: 'ethereum', address: to, amount: '0.3' });
    expect(pre.body.data.needsSecondConfirmation).toBe(true);
    const sent = await hank.client.post(hank.withdrawPath('ETH'), {
      address: to,
      amount: '0.3',
      fundPassword,
      gaCode: await hank.nextGaCode(),
      requestId: `large-${hank.userNo}`,
    });
    expect(sent.body.data).toMatchObject({ confirmationCode: -10071, record: { status: 'awaitingConfirmation' } });
    const deadline = new Date(sent.body.data.record.confirmBefore).getTime() - Date.now();
    expect(deadline).toBeGreaterThan(4.9 * 3_600_000);
    expect(deadline).toBeLessThanOrEqual(5 * 3_600_000);
    expect((await hank.balance('ETH')).frozen).toBe(parseEther('0.301'));
    await newSigner().tick();
    const outboxOf = (id: string) =>
      database.db.selectFrom('withdrawal_outbox').select('txid').where('withdrawal_id', '=', id).executeTakeFirst();
    expect(await outboxOf(sent.body.data.record.id)).toBeUndefined();

    const confirmed = await hank.client.post(withdrawalPaths.confirmWithdrawal, { serialNumber: sent.body.data.record.serialNumber });
    expect(confirmed.body.data).toMatchObject({ confirmationCode: null, record: { status: 'processing', confirmBefore: null } });
    expect(
      (await hank.client.post(withdrawalPaths.confirmWithdrawal, { serialNumber: sent.body.data.record.serialNumber })).body.code,
    ).toBe(21000051);
    await newSigner().tick();
    expect(await outboxOf(sent.body.data.record.id)).toBeDefined();
    expect(await onChainBalance('ETH', to)).toBe(parseEther('0.3'));

    const records = (await hank.client.get(withdrawalPaths.withdrawals)).body.data.records;
    expect(records.find((record: { serialNumber: string }) => record.serialNumber === late.body.data.record.serialNumber)).toMatchObject({
      status: 'cancelled',
      failReason: 'confirmationExpired',
    });
    // Another customer cannot confirm it.
    const other = await customer();
    expect(
      (await other.client.post(withdrawalPaths.confirmWithdrawal, { serialNumber: sent.body.data.record.serialNumber })).body.code,
    ).toBe(17000014);
  }, 60_000);
});

describe('pre-check and interceptions', () => {
  it('answers the forbidden codes and the interceptions of §5, and refuses the withdrawal', async () => {
    const ivan = await customer({ complete: false });
    const check = await ivan.client.get(withdrawalPaths.userCanWithdraw);
    expect(check.body.data.canWithdraw).toBe(false);
    expect(check.body.data.interceptions.map((item: { kind: string; code: number }) => [item.kind, item.code])).toEqual([
      ['phoneNotBound', 17000011],
      ['fundPasswordNotSet', -10097],
      ['identityNotVerified', -10093],
    ]);
    const info = await ivan.client.get(withdrawalPaths.checkUserInformation);
    expect(info.body.data).toEqual({ emailBound: true, phoneBound: false, fundPasswordSet: false, identityVerified: false, kycLevel: 0 });
    expect(
      (
        await ivan.client.post(ivan.withdrawPath('ETH'), {
          address: externalAddress(),
          amount: '0.01',
          requestId: `intercept-${ivan.userNo}`,
        })
      ).body.code,
    ).toBe(17000011);

    const judy = await customer();
    expect((await judy.client.get(withdrawalPaths.userCanWithdraw)).body.data).toMatchObject({
      canWithdraw: true,
      forbiddenCode: null,
      interceptions: [],
    });
    await database.db
      .updateTable('app_user')
      .set({ withdraw_locked_until: new Date(Date.now() + 3_600_000) })
      .where('id', '=', judy.userId)
      .execute();
    expect((await judy.client.get(withdrawalPaths.userCanWithdraw)).body.data).toMatchObject({ canWithdraw: false, forbiddenCode: -10102 });
    expect(
      (await judy.client.post(judy.withdrawPath('ETH'), { address: externalAddress(), amount: '0.01', requestId: `locked-${judy.userNo}` }))
        .body.code,
    ).toBe(16000019);
    await database.db.insertInto('withdrawal_restriction').values({ user_id: judy.userId, reason: 'compliance review' }).execute();
    expect((await judy.client.get(withdrawalPaths.userCanWithdraw)).body.data.forbiddenCode).toBe(-10094);
    expect(
      (
        await judy.client.post(judy.withdrawPath('ETH'), {
          address: externalAddress(),
          amount: '0.01',
          requestId: `forbidden-${judy.userNo}`,
        })
      ).body.code,
    ).toBe(-10094);
    expect((await judy.client.post(withdrawalPaths.verifyIdCard, { idCardLast6: '123456', fundPassword })).body.code).toBe(16000019);
  }, 60_000);
});

describe('internal withdrawals', () => {
  it('settles a withdrawal to another customer’s deposit address as a transfer without chain fee', async () => {
    const kate = await customer();
    const liam = await customer();
    await kate.deposit('USDT', 50_000_000n);
    const inner = await app.inject({ url: `${walletPaths.isInnerAddress.replace(':address', liam.address)}?chain=ethereum` });
    expect(inner.json()).toMatchObject({ code: 0, data: { isInner: true } });
    const pre = await kate.client.post(withdrawalPaths.preWithdraw, {
      coin: 'USDT',
      chain: 'ethereum',
      address: liam.address,
      amount: '20',
    });
    expect(pre.body.data).toMatchObject({ isInner: true, fee: '0', totalDebit: '20' });
    const sent = await kate.client.post(kate.withdrawPath('USDT'), {
      address: liam.address,
      amount: '20',
      fundPassword,
      gaCode: await kate.nextGaCode(),
      requestId: `inner-${kate.userNo}`,
    });
    expect(sent.body.data.record).toMatchObject({ accountType: 'internal', status: 'completed', fee: '0', txid: null });
    expect(await kate.balance('USDT')).toEqual({ available: 30_000_000n, frozen: 0n });
    expect(await liam.balance('USDT')).toEqual({ available: 20_000_000n, frozen: 0n });
    expect(await newSigner().tick()).toMatchObject({ signed: 0 });
    expect(
      (
        await kate.client.post(kate.withdrawPath('USDT'), {
          address: kate.address,
          amount: '10',
          fundPassword,
          gaCode: await kate.nextGaCode(),
          requestId: `self-${kate.userNo}`,
        })
      ).body.code,
    ).toBe(17000003);
  }, 60_000);
});

describe('address book', () => {
  it('adds, lists, trusts with verification and a cooling period, deletes; each customer sees only their own', async () => {
    const mia = await customer();
    const noah = await customer();
    const address = externalAddress();
    expect(
      (await mia.client.post(withdrawalPaths.addWithdrawAddress, { chain: 'ethereum', address, note: 'much too long note' })).body.code,
    ).toBe(19000003);
    expect(
      (await mia.client.post(withdrawalPaths.addWithdrawAddress, { chain: 'ethereum', address: '0xnothex', note: 'bad' })).body.code,
    ).toBe(21000003);
    const added = await mia.client.post(withdrawalPaths.addWithdrawAddress, {
      chain: 'ethereum',
      address: address.toLowerCase(),
      note: 'Ledger',
      gaCode: await mia.nextGaCode(),
    });
    expect(added.body.data).toMatchObject({
      chain: 'ethereum',
      address,
      tag: null,
      note: 'Ledger',
      trusted: false,
      usableWithoutVerificationAt: null,
    });
    expect((await mia.client.post(withdrawalPaths.addWithdrawAddress, { chain: 'ethereum', address, note: 'again' })).body.code).toBe(
      21000034,
    );
    // XRP: a tag of at most 10 digits; none only with an explicit confirmation.
    const xrp = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';
    expect((await mia.client.post(withdrawalPaths.addWithdrawAddress, { chain: 'xrpl', address: xrp, note: 'xrp' })).body.code).toBe(
      21000033,
    );
    expect(
      (await mia.client.post(withdrawalPaths.addWithdrawAddress, { chain: 'xrpl', address: xrp, tag: 'abc', note: 'xrp' })).body.code,
    ).toBe(21000032);
    expect(
      (await mia.client.post(withdrawalPaths.addWithdrawAddress, { chain: 'xrpl', address: xrp, tag: '12345678901', note: 'xrp' })).body
        .code,
    ).toBe(19000003);
    expect(
      (
        await mia.client.post(withdrawalPaths.addWithdrawAddress, {
          chain: 'xrpl',
          address: xrp,
          tag: '12345',
          note: 'xrp',
          gaCode: await mia.nextGaCode(),
        })
      ).body.data.tag,
    ).toBe('12345');
    expect(
      (
        await mia.client.post(withdrawalPaths.addWithdrawAddress, {
          chain: 'xrpl',
          address: xrp,
          note: 'xrp no tag',
          confirmEmptyTag: true,
          gaCode: await mia.nextGaCode(),
        })
      ).body.code,
    ).toBe(0);

    expect((await mia.client.get(withdrawalPaths.withdrawAddresses)).body.data).toHaveLength(3);
    expect((await mia.client.get(`${withdrawalPaths.withdrawAddresses}?chain=ethereum`)).body.data).toHaveLength(1);
    expect((await noah.client.get(withdrawalPaths.withdrawAddresses)).body.data).toHaveLength(0);
    const id = added.body.data.id as string;
    expect(
      (await noah.client.post(withdrawalPaths.verifyTrustedAddress, { id, fundPassword, gaCode: await noah.nextGaCode() })).body.code,
    ).toBe(21000035);
    const noahDelete = await app.inject({
      method: 'DELETE',
      url: withdrawalPaths.withdrawAddress.replace(':id', id),
      headers: { cookie: noah.client.cookie! },
    });
    expect(noahDelete.json().code).toBe(21000035);

    const stranger = await mia.client.get(`${withdrawalPaths.isStrangerAddress}?chain=ethereum&address=${externalAddress()}`);
    expect(stranger.body.data).toMatchObject({ isStranger: true, inAddressBook: false });
    expect(
      (await mia.client.post(withdrawalPaths.verifyTrustedAddress, { id, fundPassword: '147036', gaCode: await mia.nextGaCode() })).body
        .code,
    ).toBe(16000012);
    const trusted = await mia.client.post(withdrawalPaths.verifyTrustedAddress, { id, fundPassword, gaCode: await mia.nextGaCode() });
    expect(trusted.body.data.trusted).toBe(true);
    const usableAt = new Date(trusted.body.data.usableWithoutVerificationAt).getTime() - new Date(trusted.body.data.trustedAt).getTime();
    expect(usableAt).toBe(24 * 3_600_000);
    const notice = await app.inject({ url: `/dev/outbox?to=${encodeURIComponent(mia.email)}&limit=1` });
    expect(notice.json().data[0].subject).toContain('trusted');

    // Inside the cooling period a withdrawal there still needs verification.
    await mia.deposit('ETH', parseEther('0.1'));
    const cooling = await mia.client.post(withdrawalPaths.preWithdraw, { coin: 'ETH', chain: 'ethereum', address, amount: '0.01' });
    expect(cooling.body.data.skipsVerification).toBe(false);
    expect(
      (await mia.client.post(mia.withdrawPath('ETH'), { address, amount: '0.01', requestId: `cool-${mia.userNo}` })).body,
    ).toMatchObject({ code: 19000002, data: { field: 'fundPassword' } });
    await database.db
      .updateTable('withdraw_address')
      .set({ trusted_at: new Date(Date.now() - 25 * 3_600_000) })
      .where('id', '=', id)
      .execute();
    expect(
      (await mia.client.post(withdrawalPaths.preWithdraw, { coin: 'ETH', chain: 'ethereum', address, amount: '0.01' })).body.data
        .skipsVerification,
    ).toBe(true);
    expect((await mia.client.post(mia.withdrawPath('ETH'), { address, amount: '0.01', requestId: `cooled-${mia.userNo}` })).body.code).toBe(
      0,
    );
    expect((await mia.client.get(`${withdrawalPaths.isStrangerAddress}?chain=ethereum&address=${address}`)).body.data).toMatchObject({
      isStranger: false,
      inAddressBook: true,
      trusted: true,
    });

    const deleted = await app.inject({
      method: 'DELETE',
      url: withdrawalPaths.withdrawAddress.replace(':id', id),
      headers: { cookie: mia.client.cookie! },
    });
    expect(deleted.json().code).toBe(0);
    expect((await mia.client.get(`${withdrawalPaths.withdrawAddresses}?chain=ethereum`)).body.data).toHaveLength(0);
  }, 60_000);

  // The limit of 200 under 100 parallel adds, and the second factor an add asks for: address-book.test.ts.
});

describe('destinations that burn the funds, X-addresses of another network, amounts with trailing zeros', () => {
  const burning = [
    '0x0000000000000000000000000000000000000000',
    '0x0000000000000000000000000000000000000001',
    '0x0000000000000000000000000000000000000011',
    '0x0000000000000000000000000000000000000100',
  ];

  it('refuses the zero address and every precompile in the withdrawal, its pre-check, the stranger check and the address book', async () => {
    const olga = await customer();
    await olga.deposit('ETH', parseEther('0.1'));
    for (const address of burning) {
      const withdrawal = await olga.client.post(olga.withdrawPath('ETH'), {
        address,
        amount: '0.01',
        fundPassword,
        gaCode: await olga.nextGaCode(),
        requestId: `burn-${address}-${olga.userNo}`,
      });
      expect(withdrawal.body, address).toMatchObject({
        code: 21000031,
        msg: 'This address cannot receive funds: anything sent to it would be lost',
        data: { field: 'address' },
      });
      expect(
        (await olga.client.post(withdrawalPaths.preWithdraw, { coin: 'ETH', chain: 'ethereum', address, amount: '0.01' })).body.code,
        address,
      ).toBe(21000031);
      expect((await olga.client.get(`${withdrawalPaths.isStrangerAddress}?chain=ethereum&address=${address}`)).body.code, address).toBe(
        21000031,
      );
      expect(
        (await olga.client.post(withdrawalPaths.addWithdrawAddress, { chain: 'ethereum', address, note: 'burn' })).body.code,
        address,
      ).toBe(21000031);
    }
    const chinese = await olga.client.post(
      withdrawalPaths.preWithdraw,
      { coin: 'ETH', chain: 'ethereum', address: burning[0], amount: '0.01' },
      { 'LANGUAGE-TYPE': languageTypeByLanguage['zh-CN'] },
    );
    expect(chinese.body.msg).toBe('该地址无法接收资产，转入的资产将永久丢失');
    expect(await olga.balance('ETH')).toEqual({ available: parseEther('0.1'), frozen: 0n });
    expect(await database.db.selectFrom('withdrawal').select('id').where('user_id', '=', olga.userId).execute()).toHaveLength(0);
    expect((await olga.client.get(withdrawalPaths.withdrawAddresses)).body.data).toHaveLength(0);
    // Just past the precompiles is an ordinary address.
    expect(
      (
        await olga.client.post(withdrawalPaths.addWithdrawAddress, {
          chain: 'ethereum',
          address: '0x0000000000000000000000000000000000000012',
          note: 'edge',
          gaCode: await olga.nextGaCode(),
        })
      ).body.code,
    ).toBe(0);
  }, 60_000);

  it('takes X-addresses of the main network only, on a platform not running a test network', async () => {
    const petr = await customer();
    const classic = checkXrpAddress('rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe');
    if (!classic.valid) throw new Error('vector address refused');
    const testnet = encodeXAddress(classic.accountId, 12345, true);
    const mainnet = encodeXAddress(classic.accountId, 12345, false);
    expect((await petr.client.post(withdrawalPaths.addWithdrawAddress, { chain: 'xrpl', address: testnet, note: 'test' })).body.code).toBe(
      21000003,
    );
    expect((await petr.client.get(`${withdrawalPaths.isStrangerAddress}?chain=xrpl&address=${testnet}`)).body.code).toBe(21000003);
    const saved = await petr.client.post(withdrawalPaths.addWithdrawAddress, {
      chain: 'xrpl',
      address: mainnet,
      note: 'main',
      gaCode: await petr.nextGaCode(),
    });
    expect(saved.body.data).toMatchObject({ address: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe', tag: '12345' });
  }, 60_000);

  it('reads an amount with zeros past the coin’s precision as the amount, and refuses a digit there', async () => {
    const rita = await customer();
    await rita.deposit('USDT', 50_000_000n);
    const to = externalAddress();
    const pre = await rita.client.post(withdrawalPaths.preWithdraw, { coin: 'USDT', chain: 'ethereum', address: to, amount: '11.1000000' });
    expect(pre.body.data).toMatchObject({ amount: '11.1', fee: '2', totalDebit: '13.1' });
    expect(
      (await rita.client.post(withdrawalPaths.preWithdraw, { coin: 'USDT', chain: 'ethereum', address: to, amount: '11.1000001' })).body,
    ).toMatchObject({ code: 19000003, data: { field: 'amount' } });
    const sent = await rita.client.post(rita.withdrawPath('USDT'), {
      address: to,
      amount: '11.100000000',
      fundPassword,
      gaCode: await rita.nextGaCode(),
      requestId: `zeros-${rita.userNo}`,
    });
    expect(sent.body.data.record).toMatchObject({ amount: '11.1', fee: '2' });
    expect(await rita.balance('USDT')).toEqual({ available: 36_900_000n, frozen: 13_100_000n });
  }, 60_000);
});

describe('reconciliation', () => {
  it('is refused without an operator session or its permission, finds chain and ledger agreeing, and reports a difference', async () => {
    const anonymous = await app.inject({ method: 'POST', url: withdrawalPaths.reconciliationRun });
    expect([anonymous.statusCode, anonymous.json().code]).toEqual([401, 15000020]);
    const support = await signInOperator(app, database.db, { role: 'support' });
    const refused = await app.inject({ method: 'POST', url: withdrawalPaths.reconciliationRun, headers: { cookie: support.cookie } });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 15000002]);
    const finance = await signInOperator(app, database.db, { role: 'finance' });
    const operator = { cookie: finance.cookie };
    // Settle whatever earlier tests left on its way.
    await mine(12);
    await newSigner().tick();
    const run = await app.inject({
      method: 'POST',
      url: withdrawalPaths.reconciliationRun,
      headers: operator,
    });
    expect(run.json().code).toBe(0);
    const lines = run.json().data.lines as Array<{ asset: string; difference: string; onChain: string }>;
    expect(lines.map((line) => [line.asset, line.difference])).toEqual([
      ['ETH', '0'],
      ['USDT', '0'],
      ['USDC', '0'],
    ]);

    // One wei appears on a deposit address that no deposit explains.
    const someone = await customer({ complete: false });
    await testClient().setBalance({ address: someone.address, value: 1n });
    const second = await app.inject({
      method: 'POST',
      url: withdrawalPaths.reconciliationRun,
      headers: operator,
    });
    expect(second.json().data.lines.find((line: { asset: string }) => line.asset === 'ETH').difference).toBe('1');
    const latest = await app.inject({ url: withdrawalPaths.reconciliationLatest, headers: operator });
    expect(latest.json().data.runId).toBe(second.json().data.runId);
    const metrics = await app.inject({ url: '/metrics' });
    expect(metrics.body).toMatch(/coffer_reconciliation_difference\{chain="ethereum",asset="ETH"\} 1/);

    // Each run leaves its audit row, naming the operator and the run, in the run's transaction.
    const audited = await database.db
      .selectFrom('audit_log')
      .select(['actor_kind', 'actor_id', 'actor_name', 'subject_kind', 'subject_id', 'after'])
      .where('action', '=', 'reconciliation.run')
      .orderBy('seq')
      .execute();
    expect(audited).toEqual(
      [run, second].map((answer, index) => ({
        actor_kind: 'operator',
        actor_id: finance.id,
        actor_name: finance.email,
        subject_kind: 'reconciliationRun',
        subject_id: answer.json().data.runId,
        after: { lines: 3, mismatches: index },
      })),
    );
  }, 90_000);
});
