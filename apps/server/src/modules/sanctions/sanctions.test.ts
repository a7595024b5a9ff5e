import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { adminSanctionsPaths, depositPaths, errorCatalogue, pathWith, withdrawalPaths } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { getAddress, parseEther, type Address, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { anvilTestClient, localWalletClient, startTestEvmNode } from '../../../test/evm-kit';
import { signInOperator, type TestOperator } from '../../../test/operator-kit';
import { fundPassword, withdrawalCustomer, type WithdrawalCustomer } from '../../../test/withdrawal-kit';
import { createLogger } from '../../platform/observability/logger';
import { createAssetsModule } from '../assets';
import { chainRuntimeOf, evmReceivingChain, HdSeed, type EvmNode } from '../chain';
import { localFunder, type AnvilProcess } from '../chain/devnets';
import { evmPublicClient } from '../chain/evm/evm-node';
import { createDepositSettings } from '../deposits/deposit-settings';
import { createDepositWatcher, type DepositWatcher } from '../deposits/deposit-watcher';
import { createLedger } from '../ledger/ledger.service';
import { provideWithdrawalChains, type WithdrawalChainSet } from '../withdrawals';
import { createWithdrawalSigner } from '../withdrawals/withdrawal-signer';
import { createSanctionsScreening } from './screening.service';

let database: TestDatabase;
let app: FastifyInstance;
let anvil: AnvilProcess;
let node: EvmNode;
let chains: WithdrawalChainSet;
let compliance: TestOperator;
let support: TestOperator;
let firstVersionId: string;
const seed = new HdSeed(randomBytes(64));
const silentLogger = createLogger({ LOG_LEVEL: 'silent' });

const sample = readFileSync(new URL('./fixtures/sdn-advanced-sample.xml', import.meta.url), 'utf8');
/** Listed in the sample: as ETH, as USDT (ERC-20) and as USDC, each on Ethereum. */
const listedEth = '0xbD96804860B4852fD2ac062834F2A23e7E081f26';
const listedUsdt = '0xAcc61C100815d8576b600f171e17D5eC0217A934';
const listedUsdc = '0x6D62547268aA349ab3E4f9324DB1E09c6f58Fd11';

const externalAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers loosely
type AnyData = any;

async function admin(
  method: 'GET' | 'POST',
  url: string,
  options: { operator?: TestOperator | null; payload?: unknown; xml?: string } = {},
) {
  const operator = options.operator === undefined ? compliance : options.operator;
  const response = await app.inject({
    method,
    url,
    headers: {
      ...(operator ? { cookie: operator.cookie } : {}),
      ...(options.xml !== undefined ? { 'content-type': 'application/xml' } : {}),
    },
    ...(options.xml !== undefined ? { payload: options.xml } : options.payload !== undefined ? { payload: options.payload as object } : {}),
  });
  return { status: response.statusCode, body: response.json() as { code: number; msg: string; data: AnyData } };
}

const importList = (xml: string, operator?: TestOperator) =>
  admin('POST', adminSanctionsPaths.importOfac, { xml, ...(operator ? { operator } : {}) });

async function holdOf(kind: 'withdrawal' | 'deposit', subjectId: string, status: 'open' | 'released' | 'refused' = 'open') {
  const answer = await admin('GET', `${adminSanctionsPaths.holds}?status=${status}&pageSize=100`);
  expect(answer.body.code).toBe(0);
  return (answer.body.data.items as Array<{ kind: string; subjectId: string; id: string }>).find(
    (hold) => hold.kind === kind && hold.subjectId === subjectId,
  ) as AnyData;
}

const decide = (holdId: string, decision: 'release' | 'refuse', payload: object = {}) =>
  admin('POST', pathWith(decision === 'release' ? adminSanctionsPaths.release : adminSanctionsPaths.refuse, { id: holdId }), { payload });

async function addManual(chain: string, address: string, note: string) {
  const answer = await admin('POST', adminSanctionsPaths.manual, { payload: { chain, address, note } });
  expect(answer.body.code).toBe(0);
  return answer.body.data as { id: string };
}

const removeManual = (id: string, note = 'taken off') =>
  admin('POST', pathWith(adminSanctionsPaths.removeManual, { id }), { payload: { note } });

const newSigner = () =>
  createWithdrawalSigner({ db: database.db, ledger: createLedger(database.db), senders: chains.senders, logger: silentLogger });

async function customerWithEth(amount = parseEther('1'), options: { depositChain?: string; complete?: boolean } = {}) {
  const customer = await withdrawalCustomer(app, database.db, options);
  await customer.credit('ETH', amount, `sanctions-${customer.userNo}-${randomBytes(4).toString('hex')}`);
  return customer;
}

async function withdraw(customer: WithdrawalCustomer, address: string, amount: string, coin = 'ETH') {
  const sent = await customer.client.post(customer.withdrawPath(coin), {
    address,
    amount,
    fundPassword,
    gaCode: await customer.nextGaCode(),
    requestId: `sanctions-${randomBytes(6).toString('hex')}`,
  });
  expect(sent.body.code).toBe(0);
  return sent.body.data.record as { id: string; status: string; serialNumber: string; accountType: string };
}

async function withdrawalRow(id: string) {
  return database.db.selectFrom('withdrawal').select(['status', 'fail_reason']).where('id', '=', id).executeTakeFirstOrThrow();
}

async function auditRows(action: string, subjectId: string) {
  return database.db
    .selectFrom('audit_log')
    .select(['actor_kind', 'actor_id', 'action', 'reason'])
    .where('action', '=', action)
    .where('subject_id', '=', subjectId)
    .execute();
}

beforeAll(async () => {
  ({ anvil, node } = await startTestEvmNode());
  database = await createTestDatabase();
  chains = provideWithdrawalChains({ db: database.db, chains: chainRuntimeOf({ seed, evm: node }) });
  await chains.prepare!({ ledger: createLedger(database.db), logger: silentLogger });
  app = await buildTestApp(database.db, {
    env: { WITHDRAWAL_MIN_KYC_LEVEL: '1' },
    depositChains: { chains: [evmReceivingChain(node, seed)], faucets: [] },
    withdrawalChains: chains,
  });
  compliance = await signInOperator(app, database.db, { role: 'compliance' });
  support = await signInOperator(app, database.db, { role: 'support' });
}, 90_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
  await anvil?.stop();
});

describe('who may call', () => {
  it('answers 403 to a support operator and 401 to no operator, on every sanctions call', async () => {
    const calls: Array<['GET' | 'POST', string, { payload?: unknown; xml?: string }]> = [
      ['POST', adminSanctionsPaths.importOfac, { xml: sample }],
      ['GET', adminSanctionsPaths.versions, {}],
      ['GET', adminSanctionsPaths.manual, {}],
      ['POST', adminSanctionsPaths.manual, { payload: { chain: 'ethereum', address: externalAddress(), note: 'x' } }],
      ['POST', pathWith(adminSanctionsPaths.removeManual, { id: '1' }), { payload: { note: 'x' } }],
      ['GET', adminSanctionsPaths.holds, {}],
      ['POST', pathWith(adminSanctionsPaths.release, { id: '1' }), { payload: {} }],
      ['POST', pathWith(adminSanctionsPaths.refuse, { id: '1' }), { payload: { reason: 'x' } }],
    ];
    for (const [method, url, options] of calls) {
      const refused = await admin(method, url, { ...options, operator: support });
      expect(refused.status, `${method} ${url}`).toBe(403);
      expect(refused.body.code).toBe(errorCatalogue.noPermission.code);
      expect((await admin(method, url, { ...options, operator: null })).status, `${method} ${url}`).toBe(401);
    }
    expect((await admin('GET', adminSanctionsPaths.versions)).body.data).toEqual([]);
  });
});

describe('the OFAC list', () => {
  it('imports the SDN advanced file as a version with its counts, and refuses a file with a DTD', async () => {
    const imported = await importList(sample);
    expect(imported.body.code).toBe(0);
    expect(imported.body.data).toMatchObject({
      version: {
        source: 'ofac',
        publishedOn: '2025-03-14',
        entryCount: 9,
        countsByChain: { bitcoin: 3, ethereum: 3, xrpl: 1, other: 2 },
        fileBytes: Buffer.byteLength(sample),
        importedBy: { id: compliance.id },
        isActive: true,
      },
      rescreenedHolds: 0,
      holdsNoLongerListed: 0,
    });
    firstVersionId = imported.body.data.version.id;
    expect(await auditRows('sanctions.list.import', firstVersionId)).toEqual([
      expect.objectContaining({ actor_kind: 'operator', actor_id: compliance.id }),
    ]);

    const evil = sample.replace('<Sanctions ', '<!DOCTYPE Sanctions [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><Sanctions ');
    const refused = await importList(evil);
    expect(refused.body.code).toBe(errorCatalogue.sanctionsListInvalid.code);
    expect(refused.body.msg).toContain('DTD');
    expect((await importList('<html>not a list</html>')).body.code).toBe(errorCatalogue.sanctionsListInvalid.code);
    const versions = await admin('GET', adminSanctionsPaths.versions);
    expect(versions.body.data.map((version: { id: string }) => version.id)).toEqual([firstVersionId]);

    const screening = createSanctionsScreening(database.db);
    expect(await screening.screen('ethereum', listedEth.toLowerCase())).toEqual({
      hit: { entryId: expect.any(String), source: 'ofac', listVersion: firstVersionId, label: 'EXAMPLE & PARTNERS OTC' },
    });
    expect(await screening.screen('bitcoin', 'BC1QNGNL9DQFWVSJVR8S028ENRPQ5PMWTZYVLFLQ48')).not.toEqual({ hit: null });
    expect(await screening.screen('xrpl', 'rBBsve4oubziEahAfCddYWCXgi9mk38orp')).not.toEqual({ hit: null });
    // The Tron USDT address is kept, but on no chain the platform screens.
    expect(await screening.screen('ethereum', 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE')).toEqual({ hit: null });
    expect(await screening.screen('ethereum', externalAddress())).toEqual({ hit: null });
  });
});

describe('withdrawals to a listed address', () => {
  it('are held under review (balance frozen, never signed) until compliance releases them to the signer', async () => {
    const alice = await customerWithEth();
    const record = await withdraw(alice, listedEth.toLowerCase(), '0.1');
    // Held under review, shown to the customer as neutral `processing` (records and filter alike).
    expect(record).toMatchObject({ status: 'processing', accountType: 'ordinary' });
    expect(await withdrawalRow(record.id)).toMatchObject({ status: 'underReview' });
    expect(await alice.balance('ETH')).toEqual({ available: parseEther('0.899'), frozen: parseEther('0.101') });
    const customerView = await alice.client.get(`${withdrawalPaths.withdrawals}?coin=ETH`);
    expect(customerView.body.data.records[0]).toMatchObject({ id: record.id, status: 'processing', txid: null });
    const filtered = await alice.client.get(`${withdrawalPaths.withdrawals}?coin=ETH&status=processing`);
    expect(filtered.body.data.records.map((each: { id: string }) => each.id)).toEqual([record.id]);
    expect(JSON.stringify([customerView.body, filtered.body])).not.toContain('underReview');
    expect((await alice.client.get(`${withdrawalPaths.withdrawals}?status=underReview`)).body.code).not.toBe(0);

    // The signer takes only `processing`: nothing is signed, nothing recorded to send.
    expect(await newSigner().tick()).toMatchObject({ signed: 0 });
    const outbox = () => database.db.selectFrom('withdrawal_outbox').select('txid').where('withdrawal_id', '=', record.id).execute();
    expect(await outbox()).toEqual([]);

    const hold = await holdOf('withdrawal', record.id);
    expect(hold).toMatchObject({
      status: 'open',
      userNo: alice.userNo,
      coin: 'ETH',
      amount: '0.101',
      chain: 'ethereum',
      address: listedEth,
      entry: { source: 'ofac', listVersion: firstVersionId, label: 'EXAMPLE & PARTNERS OTC' },
      isStillListed: true,
      decidedBy: null,
    });

    const released = await decide(hold.id, 'release', { reason: 'false positive: reviewed' });
    expect(released.body.code).toBe(0);
    expect(released.body.data).toMatchObject({ status: 'released', decidedBy: { id: compliance.id }, reason: 'false positive: reviewed' });
    expect(await withdrawalRow(record.id)).toMatchObject({ status: 'processing' });
    expect(await newSigner().tick()).toMatchObject({ signed: 1 });
    expect(await outbox()).toHaveLength(1);
    expect(await auditRows('sanctions.hold.release', hold.id)).toEqual([
      expect.objectContaining({ actor_id: compliance.id, reason: 'false positive: reviewed' }),
    ]);
    expect((await decide(hold.id, 'refuse', { reason: 'too late' })).body.code).toBe(errorCatalogue.sanctionsHoldAlreadyDecided.code);
    expect((await decide('999999', 'release')).body.code).toBe(errorCatalogue.sanctionsHoldNotFound.code);
  }, 60_000);

  it('are cancelled when compliance refuses them, the hold returned in full (nothing confiscated)', async () => {
    const bob = await customerWithEth();
    const record = await withdraw(bob, listedUsdt, '0.2');
    expect(record.status).toBe('processing');
    expect(await withdrawalRow(record.id)).toMatchObject({ status: 'underReview' });
    expect(await bob.balance('ETH')).toEqual({ available: parseEther('0.799'), frozen: parseEther('0.201') });
    const hold = await holdOf('withdrawal', record.id);
    expect(hold.entry.label).toBe('EXAMPLE & PARTNERS OTC');

    expect((await decide(hold.id, 'refuse', {})).status).toBe(400);
    const refused = await decide(hold.id, 'refuse', { reason: 'sanctioned counterparty, reported' });
    expect(refused.body.data).toMatchObject({ status: 'refused', reason: 'sanctioned counterparty, reported' });
    expect(await withdrawalRow(record.id)).toEqual({ status: 'cancelled', fail_reason: 'cancelledByReview' });
    expect(await bob.balance('ETH')).toEqual({ available: parseEther('1'), frozen: 0n });
    const view = await bob.client.get(`${withdrawalPaths.withdrawals}?coin=ETH`);
    expect(view.body.data.records[0]).toMatchObject({ status: 'cancelled', failReason: 'cancelledByReview' });
    expect(await auditRows('sanctions.hold.refuse', hold.id)).toHaveLength(1);
    expect(await holdOf('withdrawal', record.id, 'refused')).toMatchObject({ id: hold.id, decidedBy: { id: compliance.id } });
  });

  it('hold an internal one too, which completes to its recipient once released', async () => {
    const recipient = await withdrawalCustomer(app, database.db, { complete: false, depositChain: 'ethereum' });
    const entry = await addManual('ethereum', recipient.address!, 'customer under investigation');
    const sender = await withdrawalCustomer(app, database.db);
    await sender.credit('USDT', 100_000_000n, `sanctions-internal-${sender.userNo}`);
    const record = await withdraw(sender, recipient.address!, '10', 'USDT');
    expect(record).toMatchObject({ status: 'processing', accountType: 'internal' });
    expect(await withdrawalRow(record.id)).toMatchObject({ status: 'underReview' });
    expect(await recipient.balance('USDT')).toEqual({ available: 0n, frozen: 0n });
    const hold = await holdOf('withdrawal', record.id);
    expect(hold.entry).toMatchObject({ source: 'manual', listVersion: null, label: 'customer under investigation' });
    expect((await decide(hold.id, 'release')).body.code).toBe(0);
    expect(await withdrawalRow(record.id)).toMatchObject({ status: 'completed' });
    expect(await recipient.balance('USDT')).toEqual({ available: 10_000_000n, frozen: 0n });
    expect(await sender.balance('USDT')).toEqual({ available: 90_000_000n, frozen: 0n });
    expect((await removeManual(entry.id)).body.code).toBe(0);
  });

  it('100 parallel releases of one hold release it once', async () => {
    const carl = await customerWithEth();
    const record = await withdraw(carl, listedEth, '0.05');
    const hold = await holdOf('withdrawal', record.id);
    const answers = await Promise.all(Array.from({ length: 100 }, () => decide(hold.id, 'release')));
    const codes = answers.map((answer) => answer.body.code);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === errorCatalogue.sanctionsHoldAlreadyDecided.code)).toHaveLength(99);
    expect(await withdrawalRow(record.id)).toMatchObject({ status: 'processing' });
    expect(await auditRows('sanctions.hold.release', hold.id)).toHaveLength(1);
    expect(await carl.balance('ETH')).toEqual({ available: parseEther('0.949'), frozen: parseEther('0.051') });
  }, 60_000);
});

describe('the address book', () => {
  it('refuses a listed address, and refuses to trust an entry listed since it was saved', async () => {
    const dana = await customerWithEth();
    const listed = await dana.client.post(withdrawalPaths.addWithdrawAddress, {
      chain: 'ethereum',
      address: listedEth.toLowerCase(),
      note: 'friend',
      gaCode: await dana.nextGaCode(),
    });
    expect(listed.body.code).toBe(errorCatalogue.addressUnderReview.code);
    expect(listed.body.msg).toBe('This address cannot be used; please contact support');
    expect((await dana.client.get(withdrawalPaths.withdrawAddresses)).body.data).toEqual([]);

    const later = externalAddress();
    const saved = await dana.client.post(withdrawalPaths.addWithdrawAddress, {
      chain: 'ethereum',
      address: later,
      note: 'cold',
      gaCode: await dana.nextGaCode(),
    });
    expect(saved.body.code).toBe(0);
    const entry = await addManual('ethereum', later.toLowerCase(), 'listed after it was saved');
    const trusted = await dana.client.post(withdrawalPaths.verifyTrustedAddress, {
      id: saved.body.data.id,
      fundPassword,
      gaCode: await dana.nextGaCode(),
    });
    expect(trusted.body.code).toBe(errorCatalogue.addressUnderReview.code);
    expect((await removeManual(entry.id)).body.code).toBe(0);
  });
});

describe('the manual list', () => {
  it('adds an address with a note, refuses a second listing and a bad address, and removes it with a note', async () => {
    const address = externalAddress();
    const added = await admin('POST', adminSanctionsPaths.manual, {
      payload: { chain: 'ethereum', address, note: 'tip from law enforcement' },
    });
    expect(added.body.data).toMatchObject({
      chain: 'ethereum',
      address,
      note: 'tip from law enforcement',
      createdBy: { id: compliance.id },
    });
    const screening = createSanctionsScreening(database.db);
    expect((await screening.screen('ethereum', address.toLowerCase())).hit).toMatchObject({ source: 'manual', listVersion: null });
    const again = await admin('POST', adminSanctionsPaths.manual, {
      payload: { chain: 'ethereum', address: address.toLowerCase(), note: 'twice' },
    });
    expect(again.body.code).toBe(errorCatalogue.sanctionsEntryAlreadyListed.code);
    const bad = await admin('POST', adminSanctionsPaths.manual, { payload: { chain: 'bitcoin', address, note: 'wrong chain' } });
    expect(bad.body.code).toBe(errorCatalogue.invalidAddress.code);
    const list = await admin('GET', adminSanctionsPaths.manual);
    expect(list.body.data.map((entry: { id: string }) => entry.id)).toContain(added.body.data.id);

    expect((await removeManual(added.body.data.id, 'tip withdrawn')).body.code).toBe(0);
    expect(await screening.screen('ethereum', address)).toEqual({ hit: null });
    expect((await admin('GET', adminSanctionsPaths.manual)).body.data.map((entry: { id: string }) => entry.id)).not.toContain(
      added.body.data.id,
    );
    expect((await removeManual(added.body.data.id)).body.code).toBe(errorCatalogue.sanctionsEntryNotFound.code);
    expect(await auditRows('sanctions.manual.add', added.body.data.id)).toHaveLength(1);
    expect(await auditRows('sanctions.manual.remove', added.body.data.id)).toEqual([expect.objectContaining({ reason: 'tip withdrawn' })]);
  });
});

describe('a new list version', () => {
  it('is kept beside the old one and re-screens the open holds: one no longer listed stays open, marked', async () => {
    const erin = await customerWithEth();
    const held = await withdraw(erin, listedUsdc, '0.1');
    expect(held.status).toBe('processing');
    expect(await withdrawalRow(held.id)).toMatchObject({ status: 'underReview' });
    // A withdrawal already past screening is not screened again by a new version.
    const newlyListed = externalAddress();
    const passed = await withdraw(erin, newlyListed, '0.1');
    expect(passed.status).toBe('processing');

    const second = await importList(sample.replace(listedUsdc, newlyListed).replace('<Day>14</Day>', '<Day>15</Day>'));
    expect(second.body.code).toBe(0);
    expect(second.body.data.holdsNoLongerListed).toBe(1);
    expect(second.body.data.rescreenedHolds).toBeGreaterThanOrEqual(1);
    const hold = await holdOf('withdrawal', held.id);
    expect(hold).toMatchObject({
      status: 'open',
      isStillListed: false,
      entry: { listVersion: firstVersionId, label: 'MIXER SERVICE LTD' },
    });
    expect(hold.rescreenedAt).not.toBeNull();
    expect(await withdrawalRow(held.id)).toMatchObject({ status: 'underReview' });
    expect(await withdrawalRow(passed.id)).toMatchObject({ status: 'processing' });
    expect(await holdOf('withdrawal', passed.id)).toBeUndefined();

    const versions = await admin('GET', adminSanctionsPaths.versions);
    expect(versions.body.data.map((version: { id: string; isActive: boolean }) => [version.id, version.isActive])).toEqual([
      [second.body.data.version.id, true],
      [firstVersionId, false],
    ]);
    const screening = createSanctionsScreening(database.db);
    expect(await screening.screen('ethereum', listedUsdc)).toEqual({ hit: null });
    expect((await screening.screen('ethereum', newlyListed)).hit).toMatchObject({ listVersion: second.body.data.version.id });
    // The decision stays compliance's.
    expect((await decide(hold.id, 'release', { reason: 'delisted' })).body.data.status).toBe('released');
  });
});

describe('an older or empty list', () => {
  const publishedOn = (day: number) => sample.replace('<Day>14</Day>', `<Day>${day}</Day>`);
  const versionIds = async () =>
    ((await admin('GET', adminSanctionsPaths.versions)).body.data as Array<{ id: string }>).map((version) => version.id);

  it('is refused, changing nothing, unless compliance overrides; of racing imports of one newer file one is kept', async () => {
    const before = await versionIds();
    // The active version is of 2025-03-15: the same day, an earlier one and an undated file are not newer.
    for (const xml of [publishedOn(15), publishedOn(14), sample.replace(/<DateOfIssue>[\s\S]*?<\/DateOfIssue>/, '')]) {
      const refused = await importList(xml);
      expect(refused.body.code).toBe(errorCatalogue.sanctionsListNotNewer.code);
      expect(refused.body.msg).toContain('2025-03-15');
    }
    const empty = publishedOn(20).replace(/<DistinctParties>[\s\S]*<\/DistinctParties>/, '<DistinctParties />');
    expect((await importList(empty)).body.code).toBe(errorCatalogue.sanctionsListNoAddresses.code);
    expect(await versionIds()).toEqual(before);

    const racing = await Promise.all(Array.from({ length: 100 }, () => importList(publishedOn(21))));
    expect(racing.filter((answer) => answer.body.code === 0)).toHaveLength(1);
    expect(racing.filter((answer) => answer.body.code !== 0).map((answer) => answer.body.code)).toEqual(
      Array.from({ length: 99 }, () => errorCatalogue.sanctionsListNotNewer.code),
    );
    expect(await versionIds()).toHaveLength(before.length + 1);

    const overridden = await admin('POST', `${adminSanctionsPaths.importOfac}?override=true`, { xml: publishedOn(14) });
    expect(overridden.body).toMatchObject({ code: 0, data: { version: { publishedOn: '2025-03-14', isActive: true } } });
    expect(await auditRows('sanctions.list.import', overridden.body.data.version.id)).toEqual([
      expect.objectContaining({ actor_id: compliance.id, reason: expect.stringContaining('override') }),
    ]);
    const emptyOverridden = await admin('POST', `${adminSanctionsPaths.importOfac}?override=true`, { xml: empty });
    expect(emptyOverridden.body).toMatchObject({ code: 0, data: { version: { entryCount: 0, isActive: true } } });
    // Active again: a newer, non-empty file.
    expect((await importList(publishedOn(22))).body.code).toBe(0);
  });
});

describe('deposits from a listed sender', () => {
  let watcher: DepositWatcher;
  const mine = (blocks: number) => anvilTestClient(anvil.rpcUrl).mine({ blocks });

  async function sendFrom(account: PrivateKeyAccount | Address, to: Address, value: bigint): Promise<Hex> {
    const txid = await localWalletClient(anvil.rpcUrl).sendTransaction({ account, to, value });
    await evmPublicClient(anvil.rpcUrl).waitForTransactionReceipt({ hash: txid, pollingInterval: 50 });
    return txid;
  }

  async function creditAll(): Promise<void> {
    await watcher.tick();
    await mine(12);
    await watcher.tick();
  }

  async function depositId(txid: string): Promise<string> {
    const row = await database.db
      .selectFrom('deposit')
      .select(['id', 'status', 'source_addresses'])
      .where('txid', '=', txid)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('credited');
    return row.id;
  }

  beforeAll(async () => {
    watcher = createDepositWatcher({
      db: database.db,
      ledger: createLedger(database.db),
      settings: createDepositSettings(createAssetsModule({ db: database.db }).api),
      source: evmReceivingChain(node, seed).source,
      logger: silentLogger,
      options: { initialLookback: 1 },
      sanctions: createSanctionsScreening(database.db),
    });
    await watcher.tick();
  });

  it('credits and freezes them at once; compliance releases one to available and keeps a refused one frozen', async () => {
    const frank = await withdrawalCustomer(app, database.db, { complete: false, depositChain: 'ethereum' });
    const to = frank.address as Address;
    const listedSender = privateKeyToAccount(generatePrivateKey());
    await addManual('ethereum', listedSender.address, 'mixer payout wallet');
    await sendFrom(localFunder, listedSender.address, parseEther('1'));

    const listedTx = await sendFrom(listedSender, to, parseEther('0.5'));
    const cleanTx = await sendFrom(localFunder, to, parseEther('0.25'));
    await creditAll();
    expect(await frank.balance('ETH')).toEqual({ available: parseEther('0.25'), frozen: parseEther('0.5') });
    const frozenId = await depositId(listedTx);
    const cleanId = await depositId(cleanTx);
    // The customer hears of the usable deposit only; of the frozen one once it is released.
    const depositNotices = async () =>
      (await database.db.selectFrom('notice_outbox').select('notice_key').where('user_id', '=', frank.userId).execute())
        .map((row) => row.notice_key)
        .sort();
    expect(await depositNotices()).toEqual([`deposit:${cleanId}`]);
    const records = await frank.client.post(depositPaths.dwRecords, {});
    expect(records.body.data.records.map((record: { status: number }) => record.status)).toEqual([1, 1]);

    const hold = await holdOf('deposit', frozenId);
    expect(hold).toMatchObject({
      userNo: frank.userNo,
      coin: 'ETH',
      amount: '0.5',
      address: getAddress(listedSender.address),
      entry: { source: 'manual', label: 'mixer payout wallet' },
    });
    expect((await decide(hold.id, 'release', { reason: 'source explained' })).body.code).toBe(0);
    expect(await frank.balance('ETH')).toEqual({ available: parseEther('0.75'), frozen: 0n });
    const releases = await database.db
      .selectFrom('journal')
      .select('id')
      .where('idempotency_key', '=', `deposit:${frozenId}:sanctions-release`)
      .execute();
    expect(releases).toHaveLength(1);
    expect(await depositNotices()).toEqual([`deposit:${cleanId}`, `deposit:${frozenId}`].sort());

    const secondTx = await sendFrom(listedSender, to, parseEther('0.1'));
    await creditAll();
    const secondId = await depositId(secondTx);
    expect(await frank.balance('ETH')).toEqual({ available: parseEther('0.75'), frozen: parseEther('0.1') });
    const second = await holdOf('deposit', secondId);
    const refused = await decide(second.id, 'refuse', { reason: 'blocked property, reported to OFAC' });
    expect(refused.body.data).toMatchObject({ status: 'refused', reason: 'blocked property, reported to OFAC' });
    expect(await frank.balance('ETH')).toEqual({ available: parseEther('0.75'), frozen: parseEther('0.1') });
    expect(await auditRows('sanctions.hold.refuse', second.id)).toHaveLength(1);
    expect(await depositNotices()).not.toContain(`deposit:${secondId}`);
    const ledgerHold = await sql<{ status: string }>`
      select l.status from ledger_hold l join sanctions_hold s on s.ledger_hold_id = l.id where s.id = ${second.id}::bigint`.execute(
      database.db,
    );
    expect(ledgerHold.rows).toEqual([{ status: 'pending' }]);
  }, 90_000);
});
