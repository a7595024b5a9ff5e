import { createHash, randomBytes } from 'node:crypto';
import {
  custodyPaths,
  errorCatalogue,
  type CustodyDepositAddress,
  type CustodyPartnerLink,
  type CustodyPoolLinkBody,
  type CustodyPoolLinkCreated,
  type CustodyPoolPartner,
  type CustodyTransfer,
} from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { custodyDepositWatcher, memoryEthereum } from '../../../test/custody-deposit-kit';
import { enabledOrganisation, type TestOrganisation } from '../../../test/custody-kit';
import { auditActions, insertConsoleMember } from '../../../test/custody-setup-kit';
import { custodyCustomer } from '../../../test/custody-kit';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { signInOperator } from '../../../test/operator-kit';
import { bitcoinHotWalletAddress, bitcoinReceivingChain, HdSeed, type ChainDeposit } from '../chain';
import { createBitcoinSender } from '../chain/bitcoin';
import { createBitcoinDevnet, type BitcoinDevnet } from '../chain/devnets';

/**
 * Mining-pool partners (issue 17 item 11): the enterprise admin makes a single-use link for a
 * custody account, coin and network; the partner's page (no login) shows where payouts go and
 * links the partner's payout address once; deposits from that address name the partner in the
 * account's transfer history. Bitcoin on the devnet, Ethereum in memory.
 */

const seed = new HdSeed(randomBytes(64));
const poolWallet = new HdSeed(randomBytes(64));
const strangerWallet = new HdSeed(randomBytes(64));
const codeOf = (key: keyof typeof errorCatalogue) => errorCatalogue[key].code;
const withId = (path: string, id: string) => path.replace(':id', id);
const sha256 = (text: string) => createHash('sha256').update(text).digest();
/** An EIP-55 address and the same 20 bytes in lower case (how a node may report a sender). */
const poolEthAddress = '0x52908400098527886E0F7030069857D2E4169EE7';

let database: TestDatabase;
let app: FastifyInstance;
let bitcoin: BitcoinDevnet;
const ethereum = memoryEthereum();
let org: TestOrganisation;
let other: TestOrganisation;
let hot: string;
let cold: string;

let ipSeq = 0;
/** A caller address of its own, so one test's lookups never count against another's. */
function freshIp(): string {
  ipSeq += 1;
  return `10.77.${Math.floor(ipSeq / 250)}.${(ipSeq % 250) + 1}`;
}

async function openAccount(owner: TestOrganisation, name: string, kind: 'hot' | 'cold'): Promise<string> {
  const answer = await owner.admin.client.post(custodyPaths.accounts, { name, kind, tier: 'enterprise' });
  expect(answer.body.code).toBe(0);
  return answer.body.data.id as string;
}

async function makeLink(body: Partial<CustodyPoolLinkBody> = {}, owner = org): Promise<CustodyPoolLinkCreated & { token: string }> {
  const answer = await owner.admin.client.post(custodyPaths.poolPartners, {
    accountId: hot,
    coin: 'BTC',
    chain: 'bitcoin',
    partnerName: 'Foundry Pool',
    ...body,
  });
  expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
  const created = answer.body.data as CustodyPoolLinkCreated;
  return { ...created, token: created.link.split('#')[1]! };
}

/** The partner's page, from `ip`. */
async function partnerCall(path: string, payload: object, ip = freshIp()) {
  const response = await app.inject({ method: 'POST', url: path, payload, remoteAddress: ip });
  return { status: response.statusCode, body: response.json() as { code: number; msg: string; data: any } }; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read answers loosely
}

const view = (token: string, ip?: string) => partnerCall(custodyPaths.partnerLink, { token }, ip);
const confirm = (token: string, payoutAddress: string, email = 'ops@pool.example', ip?: string) =>
  partnerCall(custodyPaths.confirmPartnerLink, { token, payoutAddress, email }, ip);

async function partners(owner = org): Promise<CustodyPoolPartner[]> {
  const answer = await owner.admin.client.get(custodyPaths.poolPartners);
  expect(answer.body.code).toBe(0);
  return answer.body.data as CustodyPoolPartner[];
}

const partnerRow = (id: string) =>
  database.db.selectFrom('custody_pool_partner').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function depositAddress(accountId: string, coin: string, chain: string): Promise<CustodyDepositAddress> {
  const answer = await org.admin.client.get(`${withId(custodyPaths.depositAddress, accountId)}?coin=${coin}&chain=${chain}`);
  expect(answer.body.code).toBe(0);
  return answer.body.data as CustodyDepositAddress;
}

async function history(query = ''): Promise<CustodyTransfer[]> {
  const answer = await org.admin.client.get(`${custodyPaths.transfers}?pageSize=100${query}`);
  expect(answer.body.code).toBe(0);
  return answer.body.data.records as CustodyTransfer[];
}

async function outbox(to: string): Promise<Array<{ subject: string; body: string }>> {
  const response = await app.inject({ url: `/dev/outbox?to=${encodeURIComponent(to)}&limit=10` });
  return response.json().data as Array<{ subject: string; body: string }>;
}

beforeAll(async () => {
  database = await createTestDatabase();
  bitcoin = createBitcoinDevnet(database.db);
  app = await buildTestApp(database.db, {
    depositChains: { chains: [bitcoinReceivingChain(bitcoin, seed), ethereum.receiving], faucets: [] },
    // Payout addresses are checked against the devnet's network, as the address book's are.
    withdrawalChains: { senders: new Map(), readers: [], contractCheckers: new Map(), bitcoinNetwork: 'regtest' },
  });
  const operator = await signInOperator(app, database.db, { role: 'support' });
  org = await enabledOrganisation(app, database.db, { tag: 'poolorg', company: 'Hashrate Holdings', operator });
  other = await enabledOrganisation(app, database.db, { tag: 'poolother', company: 'Other Vaults', operator });
  hot = await openAccount(org, 'Mining revenue', 'hot');
  cold = await openAccount(org, 'Mining reserve', 'cold');
}, 90_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('the admin’s partner links', { timeout: 60_000 }, () => {
  it('makes a link answered once, keeps only its SHA-256, lists it open and audits it', async () => {
    const before = Date.now();
    const created = await makeLink({ partnerName: '  ViaBTC  ' });
    expect(created.link).toMatch(/\/custody\/partner#[A-Za-z0-9_-]{43}$/);
    expect(created.partner).toMatchObject({
      accountId: hot,
      accountName: 'Mining revenue',
      coin: 'BTC',
      chain: 'bitcoin',
      partnerName: 'ViaBTC',
      state: 'open',
      payoutAddress: null,
      contactEmail: null,
      linkedAt: null,
    });
    const days = (Date.parse(created.partner.expiresAt) - before) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThan(7.01);
    const row = await partnerRow(created.partner.id);
    expect(row.token_hash.equals(sha256(created.token))).toBe(true);
    expect(JSON.stringify(row)).not.toContain(created.token);
    expect((await partners()).find((partner) => partner.id === created.partner.id)).toEqual(created.partner);
    const month = await makeLink({ partnerName: 'F2Pool', expiresInDays: 30, coin: 'ETH', chain: 'ethereum' });
    expect((Date.parse(month.partner.expiresAt) - before) / 86_400_000).toBeGreaterThan(29.99);
    expect(await auditActions(database.db, org.admin.userId, 'custodyPoolPartner')).toEqual(
      expect.arrayContaining(['custody.poolLink.create', 'custody.poolLink.create']),
    );
    const audit = await database.db.selectFrom('audit_log').select('after').where('subject_id', '=', created.partner.id).execute();
    expect(JSON.stringify(audit)).not.toContain(created.token);
  });

  it('refuses each broken rule with its own code and makes nothing', async () => {
    const count = (await partners()).length;
    const foreignAccount = await openAccount(other, 'Foreign hot', 'hot');
    const refusals: Array<[Partial<CustodyPoolLinkBody> & Record<string, unknown>, keyof typeof errorCatalogue]> = [
      [{ partnerName: '   ' }, 'custodyPoolPartnerNameInvalid'],
      [{ partnerName: 'x'.repeat(51) }, 'custodyPoolPartnerNameInvalid'],
      [{ partnerName: 'Two\nlines' }, 'custodyPoolPartnerNameInvalid'],
      [{ expiresInDays: 0 }, 'custodyPoolLinkDaysInvalid'],
      [{ expiresInDays: 31 }, 'custodyPoolLinkDaysInvalid'],
      [{ expiresInDays: 1.5 }, 'custodyPoolLinkDaysInvalid'],
      [{ expiresInDays: '7' as unknown as number }, 'invalidParameter'],
      [{ accountId: foreignAccount }, 'noMatchingData'],
      [{ accountId: '999999' }, 'noMatchingData'],
      [{ coin: 'BTC', chain: 'ethereum' }, 'depositNotAvailable'],
      [{ coin: 'NOPE', chain: 'bitcoin' }, 'depositNotAvailable'],
    ];
    for (const [override, key] of refusals) {
      const answer = await org.admin.client.post(custodyPaths.poolPartners, {
        accountId: hot,
        coin: 'BTC',
        chain: 'bitcoin',
        partnerName: 'Antpool',
        ...override,
      });
      expect(answer.body.code, JSON.stringify(override)).toBe(codeOf(key));
    }
    expect((await partners()).length).toBe(count);
    // Another organisation's admin sees none of them.
    expect(await partners(other)).toEqual([]);
  });

  it('is the enterprise admin’s alone: a business-line admin is refused', async () => {
    const lineAdmin = await custodyCustomer(app, database.db, 'poolline');
    await insertConsoleMember(database.db, org.orgId, { state: 'active', role: 'lineAdmin', userId: lineAdmin.userId });
    expect((await lineAdmin.client.get(custodyPaths.poolPartners)).body.code).toBe(codeOf('noPermission'));
    const refused = await lineAdmin.client.post(custodyPaths.poolPartners, {
      accountId: hot,
      coin: 'BTC',
      chain: 'bitcoin',
      partnerName: 'X',
    });
    expect(refused.body.code).toBe(codeOf('noPermission'));
  });
});

describe('the partner’s page', { timeout: 60_000 }, () => {
  it('shows the organisation, account, coin, network and the deposit address, without spending the link', async () => {
    const { token } = await makeLink({ partnerName: 'Luxor' });
    const shown = await view(token);
    expect(shown.body.code).toBe(0);
    const address = await depositAddress(hot, 'BTC', 'bitcoin');
    expect(shown.body.data as CustodyPartnerLink).toMatchObject({
      organisationName: 'Hashrate Holdings',
      accountName: 'Mining revenue',
      partnerName: 'Luxor',
      coin: 'BTC',
      chain: 'bitcoin',
      depositAddress: address.address,
      memo: null,
      confirmationsToCredit: address.confirmationsToCredit,
    });
    expect(shown.body.data.qrCode).toMatch(/^data:image\/png;base64,/);
    expect((await view(token)).body.code).toBe(0);
    // An unknown secret answers the one refusal, naming nothing.
    const unknown = await view(randomBytes(32).toString('base64url'));
    expect(unknown.body.code).toBe(codeOf('custodyPoolLinkInvalid'));
    expect(unknown.body.data).toEqual({ requestId: expect.any(String) });
    expect(unknown.body.msg).not.toContain('Hashrate');
    expect((await view('')).body.code).toBe(codeOf('invalidParameter'));
  });

  it('checks the payout address for the network and the e-mail, then links once; the link never works again', async () => {
    const created = await makeLink({ partnerName: 'Braiins' });
    const payout = bitcoinHotWalletAddress(poolWallet.bytes(), bitcoin);
    const refusals: Array<[string, string, keyof typeof errorCatalogue, string]> = [
      ['bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', 'ops@pool.example', 'invalidAddress', 'payoutAddress'],
      ['0x52908400098527886E0F7030069857D2E4169EE7', 'ops@pool.example', 'invalidAddress', 'payoutAddress'],
      [payout, 'not-an-email', 'emailOrPhoneFormat', 'email'],
    ];
    for (const [address, email, key, field] of refusals) {
      const answer = await confirm(created.token, address, email);
      expect(answer.body.code, address).toBe(codeOf(key));
      expect(answer.body.msg).toBeTruthy();
      expect(JSON.stringify(answer.body)).toContain(field);
    }
    expect((await partnerRow(created.partner.id)).linked_at).toBeNull();

    const linked = await confirm(created.token, payout, ' Ops@Pool.Example ');
    expect(linked.body.code).toBe(0);
    expect(linked.body.data).toMatchObject({
      organisationName: 'Hashrate Holdings',
      accountName: 'Mining revenue',
      partnerName: 'Braiins',
      payoutAddress: payout,
      depositAddress: (await depositAddress(hot, 'BTC', 'bitcoin')).address,
    });
    const listed = (await partners()).find((partner) => partner.id === created.partner.id)!;
    expect(listed).toMatchObject({ state: 'linked', payoutAddress: payout, contactEmail: 'ops@pool.example' });
    expect(listed.linkedAt).not.toBeNull();
    expect((await confirm(created.token, payout)).body.code).toBe(codeOf('custodyPoolLinkInvalid'));
    expect((await view(created.token)).body.code).toBe(codeOf('custodyPoolLinkInvalid'));
    const audit = await database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_kind', 'actor_name'])
      .where('subject_kind', '=', 'custodyPoolPartner')
      .where('subject_id', '=', created.partner.id)
      .orderBy('seq')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['custody.poolLink.create', 'custody.poolPartner.link']);
    expect(audit[1]).toMatchObject({ actor_kind: 'system', actor_name: 'Braiins' });
    // The admin who made the link and the partner's contact are told.
    const toAdmin = await outbox(org.admin.email);
    expect(toAdmin.some((message) => message.subject.includes('Braiins') && message.body.includes(payout))).toBe(true);
    expect((await outbox('ops@pool.example')).some((message) => message.body.includes('Hashrate Holdings'))).toBe(true);
  });

  it('links once however many confirmations race, each from its own address', async () => {
    const created = await makeLink({ partnerName: 'Race Pool', coin: 'ETH', chain: 'ethereum', accountId: cold });
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, at) => confirm(created.token, `0x${String(at + 1).padStart(40, '7')}`, 'race@pool.example')),
    );
    const codes = answers.map((answer) => answer.body.code);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === codeOf('custodyPoolLinkInvalid'))).toHaveLength(99);
    const row = await partnerRow(created.partner.id);
    const winner = answers.find((answer) => answer.body.code === 0)!.body.data.payoutAddress as string;
    expect(row.payout_address).toBe(winner);
    const links = await database.db
      .selectFrom('audit_log')
      .select('seq')
      .where('action', '=', 'custody.poolPartner.link')
      .where('subject_id', '=', created.partner.id)
      .execute();
    expect(links).toHaveLength(1);
  });

  it('gives one partner a payout address per account and network, however many links race for it; unlinked, it is free again', async () => {
    const address = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';
    const links = await Promise.all(
      Array.from({ length: 100 }, (_, at) => makeLink({ partnerName: `Pool ${at}`, coin: 'ETH', chain: 'ethereum' })),
    );
    const answers = await Promise.all(links.map((link) => confirm(link.token, address.toLowerCase())));
    const codes = answers.map((answer) => answer.body.code);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === codeOf('custodyPoolAddressTaken'))).toHaveLength(99);
    const winner = links[codes.indexOf(0)]!;
    // Kept in its canonical (EIP-55) form.
    expect((await partnerRow(winner.partner.id)).payout_address).toBe(address);
    // The refused links are still open: the same address on another account links.
    const elsewhere = await makeLink({ partnerName: 'Pool elsewhere', coin: 'ETH', chain: 'ethereum', accountId: cold });
    expect((await confirm(elsewhere.token, address)).body.code).toBe(0);

    const unlinked = await org.admin.client.post(withId(custodyPaths.unlinkPoolPartner, winner.partner.id));
    expect(unlinked.body.code).toBe(0);
    expect(unlinked.body.data).toMatchObject({ state: 'unlinked', payoutAddress: address });
    expect((await org.admin.client.post(withId(custodyPaths.unlinkPoolPartner, winner.partner.id))).body.code).toBe(
      codeOf('custodyPoolPartnerNotLinked'),
    );
    const second = links[(codes.indexOf(0) + 1) % 100]!;
    expect((await confirm(second.token, address)).body.code).toBe(0);
    expect(await auditActions(database.db, org.admin.userId, 'custodyPoolPartner')).toContain('custody.poolPartner.unlink');
  });

  it('stops a revoked or expired link; revoking needs an open link; a revoke racing confirmations wins or loses whole', async () => {
    const revoked = await makeLink({ partnerName: 'Revoked Pool' });
    const answer = await org.admin.client.post(withId(custodyPaths.revokePoolLink, revoked.partner.id));
    expect(answer.body.code).toBe(0);
    expect(answer.body.data).toMatchObject({ state: 'revoked' });
    expect((await view(revoked.token)).body.code).toBe(codeOf('custodyPoolLinkInvalid'));
    const payout = bitcoinHotWalletAddress(strangerWallet.bytes(), bitcoin);
    expect((await confirm(revoked.token, payout)).body.code).toBe(codeOf('custodyPoolLinkInvalid'));
    expect((await org.admin.client.post(withId(custodyPaths.revokePoolLink, revoked.partner.id))).body.code).toBe(
      codeOf('custodyPoolLinkNotOpen'),
    );
    expect((await org.admin.client.post(withId(custodyPaths.unlinkPoolPartner, revoked.partner.id))).body.code).toBe(
      codeOf('custodyPoolPartnerNotLinked'),
    );
    expect((await other.admin.client.post(withId(custodyPaths.revokePoolLink, revoked.partner.id))).body.code).toBe(
      codeOf('noMatchingData'),
    );

    const expired = await makeLink({ partnerName: 'Late Pool' });
    await sql`update custody_pool_partner set created_at = now() - interval '8 days', expires_at = now() - interval '1 day'
               where id = ${expired.partner.id}`.execute(database.db);
    expect((await view(expired.token)).body.code).toBe(codeOf('custodyPoolLinkInvalid'));
    expect((await confirm(expired.token, payout)).body.code).toBe(codeOf('custodyPoolLinkInvalid'));
    expect((await partners()).find((partner) => partner.id === expired.partner.id)?.state).toBe('expired');
    expect((await org.admin.client.post(withId(custodyPaths.revokePoolLink, expired.partner.id))).body.code).toBe(
      codeOf('custodyPoolLinkNotOpen'),
    );

    const raced = await makeLink({ partnerName: 'Raced Pool' });
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, at) =>
        at % 2 === 0
          ? org.admin.client.post(withId(custodyPaths.revokePoolLink, raced.partner.id))
          : confirm(raced.token, bitcoinHotWalletAddress(new HdSeed(randomBytes(64)).bytes(), bitcoin)),
      ),
    );
    expect(answers.filter((result) => result.body.code === 0)).toHaveLength(1);
    const row = await partnerRow(raced.partner.id);
    expect((row.revoked_at === null) !== (row.linked_at === null)).toBe(true);
  });

  it('lets at most 20 of 100 simultaneous guesses from one address be checked; the rest are refused as too many', async () => {
    const guesser = freshIp();
    const answers = await Promise.all(Array.from({ length: 100 }, () => view(randomBytes(32).toString('base64url'), guesser)));
    const codes = answers.map((answer) => answer.body.code);
    expect(codes.filter((code) => code === codeOf('custodyPoolLinkInvalid')).length).toBeLessThanOrEqual(20);
    expect(codes.filter((code) => code === codeOf('tooManyRequests')).length).toBeGreaterThanOrEqual(80);
    expect(codes.every((code) => code === codeOf('custodyPoolLinkInvalid') || code === codeOf('tooManyRequests'))).toBe(true);
  });

  it('locks out an address after 20 unknown links for 15 minutes, while lookups of a real link give their slot back', async () => {
    const { token } = await makeLink({ partnerName: 'Limit Pool' });
    const guesser = freshIp();
    for (let at = 0; at < 20; at += 1) {
      expect((await view(randomBytes(32).toString('base64url'), guesser)).body.code).toBe(codeOf('custodyPoolLinkInvalid'));
    }
    const locked = await view(token, guesser);
    expect(locked.status).toBe(429);
    expect(locked.body.code).toBe(codeOf('tooManyRequests'));
    expect((await confirm(token, bitcoinHotWalletAddress(strangerWallet.bytes(), bitcoin), undefined, guesser)).body.code).toBe(
      codeOf('tooManyRequests'),
    );
    // Another address is not held back, and looking at a real link never uses up its tries.
    const partnerIp = freshIp();
    for (let at = 0; at < 30; at += 1) expect((await view(token, partnerIp)).body.code).toBe(0);
    const counter = await database.db
      .selectFrom('attempt_counter')
      .select(['failures', 'locked_until'])
      .where('scope', '=', 'custody-partner-link:ip')
      .where('subject', '=', guesser)
      .executeTakeFirstOrThrow();
    expect(counter.locked_until!.getTime() - Date.now()).toBeGreaterThan(14 * 60_000);
  });
});

describe('payouts from a linked partner', { timeout: 90_000 }, () => {
  it('name the partner as the source in the account’s history and CSV; others, other accounts and later unlinked payouts do not', async () => {
    const payer = bitcoinHotWalletAddress(poolWallet.bytes(), bitcoin);
    // An account of its own: the same pool wallet is linked (as Braiins) to the first hot account by an earlier test.
    const payoutAccount = await openAccount(org, 'Pool payouts', 'hot');
    const link = await makeLink({ partnerName: 'Hash Partners', accountId: payoutAccount });
    expect((await confirm(link.token, payer)).body.code).toBe(0);

    const { address } = await depositAddress(payoutAccount, 'BTC', 'bitcoin');
    const strangerAddress = bitcoinHotWalletAddress(strangerWallet.bytes(), bitcoin);
    await bitcoin.faucet(payer, 100_000_000n);
    await bitcoin.faucet(strangerAddress, 100_000_000n);
    await bitcoin.mineBlock();
    const pay = async (from: HdSeed, amount: bigint) => {
      const signed = await createBitcoinSender({ node: bitcoin, seed: from.bytes() }).buildAndSign({ to: address, asset: 'BTC', amount });
      await bitcoin.sendRawTransaction(signed.raw);
      await bitcoin.mineBlock();
      return signed.txid;
    };
    const payout = await pay(poolWallet, 6_250_000n);
    const strangers = await pay(strangerWallet, 1_000_000n);
    const btc = custodyDepositWatcher(database.db, bitcoinReceivingChain(bitcoin, seed).source);
    expect(await btc.tick()).toMatchObject({ credited: 2 });

    const records = await history(`&accountId=${payoutAccount}`);
    const byHash = (txid: string) => records.find((record) => record.hash === txid)!;
    expect(byHash(payout)).toMatchObject({
      state: 'credited',
      quantity: '0.0625',
      source: 'Hash Partners',
      sourcePartner: { id: link.partner.id, name: 'Hash Partners' },
      sourceAddresses: payer,
    });
    expect(byHash(strangers)).toMatchObject({ source: strangerAddress, sourcePartner: null, sourceAddresses: strangerAddress });

    // Ethereum: a sender reported in lower case is the partner's EIP-55 address; on another account it is nobody's.
    const ethLink = await makeLink({ partnerName: 'Ether Miners', coin: 'ETH', chain: 'ethereum', accountId: payoutAccount });
    expect((await confirm(ethLink.token, poolEthAddress)).body.code).toBe(0);
    const payoutEth = (await depositAddress(payoutAccount, 'ETH', 'ethereum')).address;
    const coldEth = (await depositAddress(cold, 'ETH', 'ethereum')).address;
    const ethDeposit = (to: string, asset = 'ETH', amount = 10n ** 18n): ChainDeposit => ({
      txid: `0x${randomBytes(32).toString('hex')}`,
      logIndex: 0,
      address: to,
      asset,
      amount,
      senders: [poolEthAddress.toLowerCase()],
    });
    const toPayouts = ethDeposit(payoutEth);
    const usdt = ethDeposit(payoutEth, 'USDT', 50_000_000n);
    const toCold = ethDeposit(coldEth);
    ethereum.mine([toPayouts, usdt, toCold], 13);
    const eth = custodyDepositWatcher(database.db, ethereum.receiving.source);
    expect(await eth.tick()).toMatchObject({ detected: 3, credited: 3 });
    const ethRecords = await history(`&accountId=${payoutAccount}&coin=ETH`);
    expect(ethRecords.find((record) => record.hash === toPayouts.txid)).toMatchObject({
      source: 'Ether Miners',
      sourcePartner: { id: ethLink.partner.id, name: 'Ether Miners' },
    });
    // The partner is linked for the network: a token it sends there is its payout too.
    expect((await history(`&accountId=${payoutAccount}&coin=USDT`)).find((record) => record.hash === usdt.txid)).toMatchObject({
      source: 'Ether Miners',
    });
    expect((await history(`&accountId=${cold}`)).find((record) => record.hash === toCold.txid)).toMatchObject({
      source: poolEthAddress.toLowerCase(),
      sourcePartner: null,
    });

    // Unlinked: later payouts are the address's again; the earlier record keeps its partner.
    expect((await org.admin.client.post(withId(custodyPaths.unlinkPoolPartner, link.partner.id))).body.code).toBe(0);
    const after = await pay(poolWallet, 3_000_000n);
    expect(await btc.tick()).toMatchObject({ credited: 1 });
    const later = await history(`&accountId=${payoutAccount}&coin=BTC`);
    expect(later.find((record) => record.hash === after)).toMatchObject({ source: payer, sourcePartner: null });
    expect(later.find((record) => record.hash === payout)).toMatchObject({ source: 'Hash Partners' });

    const start = new Date(Date.now() - 3_600_000).toISOString();
    const end = new Date(Date.now() + 3_600_000).toISOString();
    const download = await app.inject({
      url: `${custodyPaths.transfersExport}?accountId=${payoutAccount}&coin=BTC&start=${start}&end=${end}&lang=en`,
      headers: { cookie: org.admin.client.cookie! },
    });
    expect(download.statusCode).toBe(200);
    const line = download.body.split('\r\n').find((text) => text.includes(payout))!;
    expect(line).toContain(`,Hash Partners (${payer}),`);
    const strangerLine = download.body.split('\r\n').find((text) => text.includes(strangers))!;
    expect(strangerLine).toContain(`,${strangerAddress},`);

    // A record names its partner for good: the guard refuses to change it.
    const record = await database.db.selectFrom('custody_transfer').select('id').where('txid', '=', after).executeTakeFirstOrThrow();
    await expect(
      sql`update custody_transfer set pool_partner_id = ${link.partner.id} where id = ${record.id}`.execute(database.db),
    ).rejects.toThrow(/CUSTODY_TRANSFER/);
  });
});
