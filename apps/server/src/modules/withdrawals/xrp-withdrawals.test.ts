import { randomBytes } from 'node:crypto';
import { withdrawalPaths } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { createLogger } from '../../platform/observability/logger';
import {
  checkXrpAddress,
  deriveDepositAddress,
  encodeXAddress,
  HdSeed,
  xrpHotWalletAddress,
  xrpReceivingChain,
  xrpSendingChain,
} from '../chain';
import { createXrpDevnet, type XrpDevnet } from '../chain/devnets';
import { createLedger } from '../ledger/ledger.service';
import { recordHotWalletFunding, withdrawalSendingRecords } from './withdrawal-chains';
import { createWithdrawalSigner } from './withdrawal-signer';
import { fundPassword, platformBalance, withdrawalCustomer } from '../../../test/withdrawal-kit';
import { signInOperator } from '../../../test/operator-kit';

const XRP = 1_000_000n;
const seed = new HdSeed(randomBytes(64));
let database: TestDatabase;
let app: FastifyInstance;
let devnet: XrpDevnet;
let chain: ReturnType<typeof xrpSendingChain>;

beforeAll(async () => {
  database = await createTestDatabase();
  devnet = createXrpDevnet(database.db);
  chain = xrpSendingChain({ node: devnet, seed, records: withdrawalSendingRecords(database.db) });
  // The hot wallet's float, booked as treasury so reconciliation stays exact.
  const funding = await devnet.faucet(xrpHotWalletAddress(seed.bytes()), 10_000n * XRP);
  await devnet.closeLedger();
  await recordHotWalletFunding(createLedger(database.db), 'XRP', 10_000n * XRP, funding);
  app = await buildTestApp(database.db, {
    withdrawalChains: {
      senders: new Map([['xrpl', chain.sender]]),
      readers: [chain.balances!],
      contractCheckers: new Map(),
      bitcoinNetwork: 'regtest',
      xrpNetwork: 'testnet',
    },
  });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('XRP withdrawals on the devnet', () => {
  it('checks the memo tag rules of §5, sends a tagged payment, settles it and reconciles to zero', async () => {
    const zoe = await withdrawalCustomer(app, database.db);
    // Her deposit reached the platform's address on chain and was credited.
    const deposit = await devnet.faucet(xrpHotWalletAddress(seed.bytes()), 100n * XRP, 4242);
    await devnet.closeLedger();
    await zoe.credit('XRP', 100n * XRP, deposit);
    const destination = deriveDepositAddress(randomBytes(64), 'XRP', 0);
    const path = zoe.withdrawPath('XRP', 'xrpl');
    const base = { address: destination, amount: '25', fundPassword };

    const pre = await zoe.client.post(withdrawalPaths.preWithdraw, { coin: 'XRP', chain: 'xrpl', address: destination, amount: '25' });
    expect(pre.body.data).toMatchObject({ needsTagConfirmation: true, fee: '0.25', tag: null });
    expect((await zoe.client.post(path, { ...base, gaCode: await zoe.nextGaCode(), requestId: `xrp-notag-${zoe.userNo}` })).body.code).toBe(
      21000033,
    );
    expect(
      (await zoe.client.post(path, { ...base, tag: '12ab', gaCode: await zoe.nextGaCode(), requestId: `xrp-badtag-${zoe.userNo}` })).body
        .code,
    ).toBe(21000032);
    expect(
      (await zoe.client.post(path, { ...base, tag: '12345678901', gaCode: await zoe.nextGaCode(), requestId: `xrp-longtag-${zoe.userNo}` }))
        .body.code,
    ).toBe(19000003);
    expect(
      (
        await zoe.client.post(path, {
          ...base,
          address: 'rNotAnAddress',
          tag: '7',
          gaCode: await zoe.nextGaCode(),
          requestId: `xrp-badaddr-${zoe.userNo}`,
        })
      ).body.code,
    ).toBe(21000003);
    // The devnet is a test network: its X-addresses (T…) name the account and tag, the main network's (X…) are refused.
    const account = checkXrpAddress(destination);
    if (!account.valid) throw new Error('derived address refused');
    const testnetX = await zoe.client.post(withdrawalPaths.preWithdraw, {
      coin: 'XRP',
      chain: 'xrpl',
      address: encodeXAddress(account.accountId, 77, true),
      amount: '25',
    });
    expect(testnetX.body.data).toMatchObject({ address: destination, tag: '77', needsTagConfirmation: false });
    const mainnetX = encodeXAddress(account.accountId, 77, false);
    expect(
      (await zoe.client.post(path, { ...base, address: mainnetX, gaCode: await zoe.nextGaCode(), requestId: `xrp-mainnet-${zoe.userNo}` }))
        .body.code,
    ).toBe(21000003);
    expect((await zoe.client.post(withdrawalPaths.addWithdrawAddress, { chain: 'xrpl', address: mainnetX, note: 'main' })).body.code).toBe(
      21000003,
    );
    expect(await zoe.balance('XRP')).toEqual({ available: 100n * XRP, frozen: 0n });

    const sent = await zoe.client.post(path, {
      ...base,
      tag: '1234567890',
      gaCode: await zoe.nextGaCode(),
      requestId: `xrp-${zoe.userNo}`,
    });
    expect(sent.body.data.record).toMatchObject({ status: 'processing', tag: '1234567890', amount: '25', fee: '0.25' });
    const signer = createWithdrawalSigner({
      db: database.db,
      ledger: createLedger(database.db),
      senders: new Map([['xrpl', chain.sender]]),
      logger: createLogger({ LOG_LEVEL: 'silent' }),
    });
    expect(await signer.tick()).toMatchObject({ signed: 1 });
    const ledgerIndex = (await devnet.closeLedger())!;
    const payments = await xrpReceivingChain(devnet, seed).source.depositsInBlock(ledgerIndex, (address) => address === destination);
    expect(payments).toEqual([expect.objectContaining({ address: destination, amount: 25n * XRP, tag: '1234567890' })]);
    const fees = await platformBalance(database.db, 'fees', 'XRP');
    expect(await signer.tick()).toMatchObject({ settled: 1 });
    expect(await zoe.balance('XRP')).toEqual({ available: 74_750_000n, frozen: 0n });
    expect((await platformBalance(database.db, 'fees', 'XRP')) - fees).toBe(250_000n);

    const run = await app.inject({
      method: 'POST',
      url: withdrawalPaths.reconciliationRun,
      headers: { cookie: (await signInOperator(app, database.db, { role: 'finance' })).cookie },
    });
    expect(run.json().data.lines).toEqual([expect.objectContaining({ chain: 'xrpl', asset: 'XRP', difference: '0' })]);
  }, 60_000);
});
