import { randomBytes } from 'node:crypto';
import { custodyPaths, errorCatalogue, type CustodyAddressBody } from '@coffer/contract';
import { describe, expect, it } from 'vitest';
import type { TestOrganisation } from '../../../test/custody-kit';
import { auditActions, countTenantRows, custodyTestBed, insertConsoleMember } from '../../../test/custody-setup-kit';
import { inOrganisation } from './tenant-transaction';

const custody = custodyTestBed();

const codeOf = (key: keyof typeof errorCatalogue) => errorCatalogue[key].code;
const addressesPath = (accountId: string) => custodyPaths.addresses.replace(':id', accountId);
const deletePath = (addressId: string) => custodyPaths.deleteAddress.replace(':id', addressId);
const ethereumAddress = () => `0x${randomBytes(20).toString('hex')}`;
const ethEntry = (overrides: Partial<CustodyAddressBody> = {}): CustodyAddressBody => ({
  asset: 'USDT',
  chain: 'ethereum',
  address: ethereumAddress(),
  note: 'OTC desk',
  ...overrides,
});

async function openAccount(org: TestOrganisation, name = 'Hot wallet') {
  const answer = await org.admin.client.post(custodyPaths.accounts, { name, kind: 'hot', tier: 'prime' });
  expect(answer.body.code).toBe(0);
  return answer.body.data.id as string;
}

const accountRow = (org: TestOrganisation, id: string) =>
  inOrganisation(custody.db, org.orgId, (trx) =>
    trx.selectFrom('custody_account').select('address_count').where('id', '=', id).executeTakeFirstOrThrow(),
  );

describe('custody accounts', () => {
  it('opens accounts with a unique name, each rule with its own code', async () => {
    const org = await custody.organisation({ tag: 'acctadd' });
    const opened = await org.admin.client.post(custodyPaths.accounts, { name: ' Cold storage ', kind: 'cold', tier: 'enterprise' });
    expect(opened.body.data).toMatchObject({ name: 'Cold storage', kind: 'cold', tier: 'enterprise', addressCount: 0 });
    const refusals: Array<[object, keyof typeof errorCatalogue]> = [
      [{ name: '  ' }, 'missingParameter'],
      [{ name: 'x'.repeat(51) }, 'invalidParameter'],
      [{ name: 'Cold\tstorage 2' }, 'invalidParameter'],
      [{ name: 'Fine', kind: 'warm' }, 'invalidParameter'],
      [{ name: 'Fine', tier: 'gold' }, 'invalidParameter'],
      [{ name: 'COLD STORAGE' }, 'accountAlreadyExists'],
    ];
    for (const [override, key] of refusals) {
      const answer = await org.admin.client.post(custodyPaths.accounts, { kind: 'hot', tier: 'prime', ...override });
      expect(answer.body.code, JSON.stringify(override)).toBe(codeOf(key));
    }
    expect((await org.admin.client.get(custodyPaths.accounts)).body.data).toEqual([opened.body.data]);
    expect(await auditActions(custody.db, org.admin.userId, 'custodyAccount')).toEqual(['custody.account.add']);
  });

  it('opens one account of a name however many adds race', async () => {
    const org = await custody.organisation({ tag: 'acctrace' });
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        org.admin.client.post(custodyPaths.accounts, { name: i % 2 ? 'Reserve' : ' reserve', kind: 'cold', tier: 'prime' }),
      ),
    );
    const codes = answers.map((answer) => answer.body.code);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === codeOf('accountAlreadyExists'))).toHaveLength(99);
    expect(await countTenantRows(custody.db, org.orgId, 'custody_account')).toBe(1);
  });

  it('are listed to every member, opened only by the accounts permission', async () => {
    const org = await custody.organisation({ tag: 'acctperm' });
    await openAccount(org);
    const approver = await custody.customer('acctappr');
    await insertConsoleMember(custody.db, org.orgId, { state: 'active', role: 'approver', userId: approver.userId });
    expect((await approver.client.get(custodyPaths.accounts)).body.data).toHaveLength(1);
    const refused = await approver.client.post(custodyPaths.accounts, { name: 'Mine', kind: 'hot', tier: 'prime' });
    expect(refused.body.code).toBe(codeOf('noPermission'));
    expect(await countTenantRows(custody.db, org.orgId, 'custody_account')).toBe(1);
  });
});

describe('custody address book', () => {
  it('saves valid addresses in canonical form and refuses each broken rule with its own code', async () => {
    const org = await custody.organisation({ tag: 'addrrule' });
    const accountId = await openAccount(org);
    const checksummed = '0x52908400098527886E0F7030069857D2E4169EE7';
    const saved = await org.admin.client.post(addressesPath(accountId), ethEntry({ address: checksummed.toLowerCase() }));
    expect(saved.body.code).toBe(0);
    expect(saved.body.data).toMatchObject({ accountId, asset: 'USDT', chain: 'ethereum', address: checksummed, tag: '', note: 'OTC desk' });
    const bitcoin = await org.admin.client.post(addressesPath(accountId), {
      asset: 'btc',
      chain: 'bitcoin',
      address: 'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
    });
    expect(bitcoin.body.data).toMatchObject({ asset: 'BTC', address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4' });
    const xrp = await org.admin.client.post(addressesPath(accountId), {
      asset: 'XRP',
      chain: 'xrpl',
      address: 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3',
      tag: '4294967295',
    });
    expect(xrp.body.data).toMatchObject({ tag: '4294967295' });

    const refusals: Array<[Partial<CustodyAddressBody>, keyof typeof errorCatalogue]> = [
      [{ address: '0x1234' }, 'invalidAddress'],
      [{ address: `0x${'0'.repeat(40)}` }, 'burnAddressRefused'],
      [{ asset: 'DOGE' }, 'coinNotSupported'],
      [{ asset: 'BTC' }, 'withdrawalNetworkNotSupported'],
      [{ chain: 'solana' }, 'withdrawalNetworkNotSupported'],
      [{ tag: '7' }, 'invalidTag'],
      [{ asset: 'XRP', chain: 'xrpl', address: 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3', tag: 'abc' }, 'invalidTag'],
      [{ asset: 'XRP', chain: 'xrpl', address: 'rHsMGQEkVNJmpGWs8XUBoTBiAAbwxZN5v3', tag: '4294967296' }, 'invalidTag'],
      [{ asset: 'BTC', chain: 'bitcoin', address: 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx' }, 'invalidAddress'],
      [{ note: 'n'.repeat(151) }, 'custodyNoteTooLong'],
      [{ note: 'line\nbreak' }, 'invalidParameter'],
      [{ address: checksummed }, 'addressAlreadySaved'],
    ];
    for (const [override, key] of refusals) {
      const answer = await org.admin.client.post(addressesPath(accountId), ethEntry(override));
      expect(answer.body.code, JSON.stringify(override)).toBe(codeOf(key));
    }
    expect((await org.admin.client.post(addressesPath(accountId), ethEntry({ note: 'n'.repeat(151) }))).body.msg).toContain('150');
    expect((await org.admin.client.post(addressesPath('999999999'), ethEntry())).body.code).toBe(codeOf('noMatchingData'));
    expect((await org.admin.client.get(addressesPath(accountId))).body.data).toEqual([saved.body.data, bitcoin.body.data, xrp.body.data]);
    expect(await accountRow(org, accountId)).toEqual({ address_count: 3 });
    expect(await auditActions(custody.db, org.admin.userId, 'custodyAddress')).toEqual([
      'custody.address.add',
      'custody.address.add',
      'custody.address.add',
    ]);
  });

  it('holds at most 200 per account: 100 adds racing from 150 end at 200, the 201st is refused, a delete frees one', async () => {
    const org = await custody.organisation({ tag: 'addrcap' });
    const accountId = await openAccount(org);
    const spare = await openAccount(org, 'Spare');
    await inOrganisation(custody.db, org.orgId, async (trx) => {
      await trx
        .insertInto('custody_address')
        .values(
          Array.from({ length: 150 }, () => ({
            org_id: org.orgId,
            account_id: accountId,
            asset: 'ETH',
            chain: 'ethereum',
            address: ethereumAddress(),
          })),
        )
        .execute();
      await trx.updateTable('custody_account').set({ address_count: 150 }).where('id', '=', accountId).execute();
    });
    const answers = await Promise.all(Array.from({ length: 100 }, () => org.admin.client.post(addressesPath(accountId), ethEntry())));
    const codes = answers.map((answer) => answer.body.code);
    expect(codes.filter((code) => code === 0)).toHaveLength(50);
    expect(codes.filter((code) => code === codeOf('addressLimitReached'))).toHaveLength(50);
    expect(await accountRow(org, accountId)).toEqual({ address_count: 200 });
    expect((await org.admin.client.get(addressesPath(accountId))).body.data).toHaveLength(200);

    const the201st = await org.admin.client.post(addressesPath(accountId), ethEntry());
    expect(the201st.body.code).toBe(codeOf('addressLimitReached'));
    expect(await accountRow(org, accountId)).toEqual({ address_count: 200 });
    // Another account has its own 200.
    expect((await org.admin.client.post(addressesPath(spare), ethEntry())).body.code).toBe(0);

    const victim = answers.find((answer) => answer.body.code === 0)!.body.data;
    expect((await org.admin.client.post(deletePath(victim.id))).body).toMatchObject({ code: 0, data: {} });
    expect(await accountRow(org, accountId)).toEqual({ address_count: 199 });
    expect((await org.admin.client.post(deletePath(victim.id))).body.code).toBe(codeOf('noMatchingData'));
    expect(await accountRow(org, accountId)).toEqual({ address_count: 199 });
    expect((await org.admin.client.post(addressesPath(accountId), ethEntry())).body.code).toBe(0);
    expect(await accountRow(org, accountId)).toEqual({ address_count: 200 });
    expect(await auditActions(custody.db, org.admin.userId, 'custodyAddress')).toContain('custody.address.delete');
  });

  it("lets no organisation read or change another's accounts or addresses", async () => {
    const a = await custody.organisation({ tag: 'addrtena' });
    const b = await custody.organisation({ tag: 'addrtenb' });
    const accountId = await openAccount(a);
    await openAccount(b);
    const saved = (await a.admin.client.post(addressesPath(accountId), ethEntry())).body.data;

    expect((await b.admin.client.get(custodyPaths.accounts)).body.data).toHaveLength(1);
    expect((await b.admin.client.get(custodyPaths.accounts)).body.data[0].id).not.toBe(accountId);
    expect((await b.admin.client.get(addressesPath(accountId))).body.code).toBe(codeOf('noMatchingData'));
    expect((await b.admin.client.post(addressesPath(accountId), ethEntry())).body.code).toBe(codeOf('noMatchingData'));
    expect((await b.admin.client.post(deletePath(saved.id))).body.code).toBe(codeOf('noMatchingData'));
    // Same name in another organisation is fine.
    expect((await b.admin.client.post(custodyPaths.accounts, { name: 'Hot wallet 2', kind: 'hot', tier: 'prime' })).body.code).toBe(0);

    expect((await a.admin.client.get(addressesPath(accountId))).body.data).toEqual([saved]);
    expect(await accountRow(a, accountId)).toEqual({ address_count: 1 });
    expect(await countTenantRows(custody.db, b.orgId, 'custody_address')).toBe(0);
  });

  it('is for members whose role holds the addresses permission', async () => {
    const org = await custody.organisation({ tag: 'addrperm' });
    const accountId = await openAccount(org);
    const lineAdmin = await custody.customer('addrline');
    await insertConsoleMember(custody.db, org.orgId, { state: 'active', role: 'lineAdmin', userId: lineAdmin.userId });
    expect((await lineAdmin.client.post(addressesPath(accountId), ethEntry())).body.code).toBe(0);
    const salesperson = await custody.customer('addrsale');
    await insertConsoleMember(custody.db, org.orgId, { state: 'active', role: 'salesperson', userId: salesperson.userId });
    expect((await salesperson.client.get(addressesPath(accountId))).body.code).toBe(codeOf('noPermission'));
    expect((await salesperson.client.post(addressesPath(accountId), ethEntry())).body.code).toBe(codeOf('noPermission'));
    expect(await accountRow(org, accountId)).toEqual({ address_count: 1 });
  });
});
