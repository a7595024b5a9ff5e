import { randomUUID } from 'node:crypto';
import { custodyPaths, errorCatalogue, type CustodyBalances, type CustodyInternalMove, type CustodyTransfer } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { enabledOrganisation, type TestOrganisation } from '../../../test/custody-kit';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { createLedger, type Ledger } from '../ledger/ledger.service';
import { inOrganisation } from './tenant-transaction';

/**
 * Internal moves between an organisation's custody accounts (issue 17 item 6): exact, both
 * records in the ledger's transaction, once per request id, never below zero under 100 moves at
 * once; the transfer history and its CSV; the records' fence and their settle-once guard.
 */

let database: TestDatabase;
let app: FastifyInstance;
let ledger: Ledger;
let org: TestOrganisation;
let other: TestOrganisation;
let funded = 0;

const codeOf = (key: keyof typeof errorCatalogue) => errorCatalogue[key].code;

async function openAccount(owner: TestOrganisation, name: string, kind: 'hot' | 'cold' = 'hot'): Promise<string> {
  const answer = await owner.admin.client.post(custodyPaths.accounts, { name, kind, tier: 'enterprise' });
  expect(answer.body.code).toBe(0);
  return answer.body.data.id as string;
}

/** Credits a custody account through the ledger, as a deposit would (from the platform's chain account). */
async function fund(accountId: string, asset: string, units: bigint): Promise<void> {
  funded += 1;
  await ledger.transfer({
    idempotencyKey: `test-custody-fund-${funded}`,
    billType: 2001,
    from: await ledger.platformAccount('chain', asset),
    to: await ledger.custodyAccount(accountId, asset),
    amount: units,
  });
}

function move(body: Record<string, unknown>, owner: TestOrganisation = org) {
  return owner.admin.client.post(custodyPaths.internalMoves, { requestId: randomUUID(), coin: 'BTC', note: '', ...body });
}

async function available(accountId: string, coin: string): Promise<string | undefined> {
  const answer = await org.admin.client.get(custodyPaths.balances);
  expect(answer.body.code).toBe(0);
  return (answer.body.data as CustodyBalances).accounts.find((row) => row.accountId === accountId)?.assets.find((row) => row.coin === coin)
    ?.available;
}

async function history(query: string): Promise<{ total: number; records: CustodyTransfer[] }> {
  const answer = await org.admin.client.get(`${custodyPaths.transfers}?${query}`);
  expect(answer.body.code).toBe(0);
  return answer.body.data as { total: number; records: CustodyTransfer[] };
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database.db);
  ledger = createLedger(database.db);
  org = await enabledOrganisation(app, database.db, { tag: 'moves', company: 'Move Capital' });
  other = await enabledOrganisation(app, database.db, { tag: 'others', company: 'Other Capital', operator: org.operator });
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

describe('internal moves', () => {
  it('moves exactly, with one record out (released) and one in (credited), each with the balance its account has after', async () => {
    const hot = await openAccount(org, 'Exact hot');
    const cold = await openAccount(org, 'Exact cold', 'cold');
    await fund(hot, 'BTC', 1_000_000_000n);
    const answer = await move({ fromAccountId: hot, toAccountId: cold, amount: '3.00000001', note: 'to cold storage' });
    expect(answer.body.code).toBe(0);
    const moved = answer.body.data as CustodyInternalMove;
    expect(moved.orderNo).toMatch(/^M\d+$/);
    expect(moved.out).toMatchObject({
      orderNo: moved.orderNo,
      accountId: hot,
      accountName: 'Exact hot',
      coin: 'BTC',
      chain: null,
      quantity: '3.00000001',
      handlingFee: '0',
      accountBalance: '6.99999999',
      businessType: 'internalOut',
      state: 'released',
      remarks: 'to cold storage',
      source: 'Exact hot',
      toAddress: 'Exact cold',
      hash: null,
    });
    expect(moved.in).toMatchObject({
      accountId: cold,
      quantity: '3.00000001',
      accountBalance: '3.00000001',
      businessType: 'internalIn',
      state: 'credited',
    });
    expect(await available(hot, 'BTC')).toBe('6.99999999');
    expect(await available(cold, 'BTC')).toBe('3.00000001');
    const listed = await history(`accountId=${hot}`);
    expect(listed.records.map((record) => record.flowId)).toEqual([moved.out.flowId]);
    expect((await history(`businessType=internalIn&accountId=${cold}`)).records).toEqual([moved.in]);
    // One ledger journal with its two legs; the audit log names the move.
    const legs = await sql<{ count: string }>`select count(*) from entry e join journal j on j.id = e.journal_id
      where j.idempotency_key = ${`custody-move:${org.orgId}:${(await moveRequestOf(moved.out.flowId))!}`}`.execute(database.db);
    expect(legs.rows[0]!.count).toBe('2');
  });

  it('refuses the same account, another organisation’s account, a bad amount, a long note and a short balance, and moves nothing', async () => {
    const hot = await openAccount(org, 'Refusing hot');
    const cold = await openAccount(org, 'Refusing cold', 'cold');
    const foreign = await openAccount(other, 'Foreign cold', 'cold');
    await fund(hot, 'BTC', 100_000_000n);
    await fund(foreign, 'BTC', 100_000_000n);
    const cases: Array<[Record<string, unknown>, keyof typeof errorCatalogue, TestOrganisation?]> = [
      [{ fromAccountId: hot, toAccountId: hot, amount: '0.1' }, 'custodyMoveSameAccount'],
      [{ fromAccountId: hot, toAccountId: foreign, amount: '0.1' }, 'noMatchingData'],
      [{ fromAccountId: foreign, toAccountId: cold, amount: '0.1' }, 'noMatchingData'],
      [{ fromAccountId: hot, toAccountId: cold, amount: '0.1' }, 'noMatchingData', other],
      [{ fromAccountId: hot, toAccountId: cold, amount: '0' }, 'custodyAmountInvalid'],
      [{ fromAccountId: hot, toAccountId: cold, amount: '0.000000001' }, 'custodyAmountInvalid'],
      [{ fromAccountId: hot, toAccountId: cold, amount: '0.1', note: 'n'.repeat(151) }, 'custodyNoteTooLong'],
      [{ fromAccountId: hot, toAccountId: cold, amount: '0.1', coin: 'NOPE' }, 'coinNotSupported'],
      [{ fromAccountId: hot, toAccountId: cold, amount: '1.00000001' }, 'insufficientBalance'],
      [{ fromAccountId: cold, toAccountId: hot, amount: '0.1' }, 'insufficientBalance'],
    ];
    for (const [body, code, owner] of cases) {
      expect((await move(body, owner)).body.code, `${JSON.stringify(body)}`).toBe(codeOf(code));
    }
    expect((await move({ fromAccountId: hot, toAccountId: cold, amount: '0.1', note: 'n'.repeat(150) })).body.code).toBe(0);
    expect(await available(hot, 'BTC')).toBe('0.9');
    expect(await available(cold, 'BTC')).toBe('0.1');
    expect((await history(`accountId=${hot}`)).total).toBe(1);
    const foreignBalance = await sql<{ available: string }>`select available::text from ledger_account
      where owner_type = 'custody' and owner_ref = ${foreign} and asset = 'BTC'`.execute(database.db);
    expect(foreignBalance.rows[0]!.available).toBe('100000000');
  });

  it('moves once for a request id sent 100 times at once, and refuses the id with other content', async () => {
    const hot = await openAccount(org, 'Replay hot');
    const cold = await openAccount(org, 'Replay cold', 'cold');
    await fund(hot, 'ETH', 10n ** 18n);
    const body = { requestId: randomUUID(), fromAccountId: hot, toAccountId: cold, coin: 'ETH', amount: '0.25', note: 'once' };
    const answers = await Promise.all(Array.from({ length: 100 }, () => org.admin.client.post(custodyPaths.internalMoves, body)));
    expect(answers.map((answer) => answer.body.code)).toEqual(Array.from({ length: 100 }, () => 0));
    expect(new Set(answers.map((answer) => (answer.body.data as CustodyInternalMove).out.flowId)).size).toBe(1);
    expect(await available(hot, 'ETH')).toBe('0.75');
    expect(await available(cold, 'ETH')).toBe('0.25');
    expect((await history(`accountId=${cold}`)).total).toBe(1);
    const changed = await org.admin.client.post(custodyPaths.internalMoves, { ...body, amount: '0.3' });
    expect(changed.body.code).toBe(codeOf('idempotencyConflict'));
    expect(await available(hot, 'ETH')).toBe('0.75');
  });

  it('lets exactly the affordable ones of 100 moves at once pass, never below zero, each with both records', async () => {
    const hot = await openAccount(org, 'Race hot');
    const cold = await openAccount(org, 'Race cold', 'cold');
    // 10 BTC in moves of 0.15: 66 fit (9.9), the 67th would need 10.05.
    await fund(hot, 'BTC', 1_000_000_000n);
    const answers = await Promise.all(Array.from({ length: 100 }, () => move({ fromAccountId: hot, toAccountId: cold, amount: '0.15' })));
    const codes = answers.map((answer) => answer.body.code);
    expect(codes.filter((code) => code === 0)).toHaveLength(66);
    expect(codes.filter((code) => code !== 0).every((code) => code === codeOf('insufficientBalance'))).toBe(true);
    expect(await available(hot, 'BTC')).toBe('0.1');
    expect(await available(cold, 'BTC')).toBe('9.9');
    expect((await history(`accountId=${hot}&pageSize=100`)).total).toBe(66);
    expect((await history(`accountId=${cold}&pageSize=100`)).total).toBe(66);
    // Each record's balance after is its ledger entry's: the outgoing ones step down by 0.15 from 9.85 to 0.1.
    const outs = (await history(`accountId=${hot}&pageSize=100`)).records.map((record) => record.accountBalance).sort();
    const expected = Array.from({ length: 66 }, (_, index) => {
      const units = 1_000_000_000n - 15_000_000n * BigInt(index + 1);
      return `${units / 100_000_000n}.${(units % 100_000_000n).toString().padStart(8, '0')}`.replace(/\.?0+$/, '');
    }).sort();
    expect(outs).toEqual(expected);
    const negative = await sql<{ count: string }>`select count(*) from entry e join ledger_account a on a.id = e.account_id
      where a.owner_type = 'custody' and e.balance_after < 0`.execute(database.db);
    expect(negative.rows[0]!.count).toBe('0');
  });
});

describe('transfer history', () => {
  it('pages and filters, and downloads a range as CSV in the caller’s language; a range too long or backwards is refused', async () => {
    const hot = await openAccount(org, 'History hot');
    const cold = await openAccount(org, 'History cold', 'cold');
    await fund(hot, 'USDT', 50_000_000n);
    for (const amount of ['1', '2', '3'])
      expect((await move({ fromAccountId: hot, toAccountId: cold, coin: 'USDT', amount, note: `=cmd ${amount}` })).body.code).toBe(0);
    const firstPage = await history(`accountId=${hot}&pageSize=2&pageNo=1`);
    const secondPage = await history(`accountId=${hot}&pageSize=2&pageNo=2`);
    expect(firstPage.total).toBe(3);
    expect([...firstPage.records, ...secondPage.records].map((record) => record.quantity)).toEqual(['3', '2', '1']);
    expect((await history(`accountId=${hot}&coin=BTC`)).total).toBe(0);
    expect((await history(`accountId=${hot}&state=released`)).total).toBe(3);
    expect((await history(`accountId=${hot}&state=credited`)).total).toBe(0);

    const start = new Date(Date.now() - 3_600_000).toISOString();
    const end = new Date(Date.now() + 3_600_000).toISOString();
    const download = await app.inject({
      url: `${custodyPaths.transfersExport}?accountId=${hot}&start=${start}&end=${end}&lang=zh-CN`,
      headers: { cookie: org.admin.client.cookie! },
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toContain('text/csv');
    expect(download.headers['content-disposition']).toMatch(/attachment; filename="coffer-custody-transfers_.*\.csv"/);
    const lines = download.body
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('流水号,订单号,账户,币种,网络,业务类型,状态,数量,手续费,账户余额,备注,记录时间 (UTC),来源,哈希,收款地址');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toContain(',History hot,USDT,,内部划出,已放行,3,0,44,');
    // A remark a spreadsheet would run is written as text.
    expect(lines[1]).toContain(",'=cmd 3,");

    const tooLong = await org.admin.client.get(`${custodyPaths.transfersExport}?start=2024-01-01&end=2025-06-01`);
    expect(tooLong.body.code).toBe(codeOf('custodyRangeInvalid'));
    expect(tooLong.body.msg).toContain('366');
    expect((await org.admin.client.get(`${custodyPaths.transfersExport}?start=2025-06-01&end=2025-01-01`)).body.code).toBe(
      codeOf('custodyRangeInvalid'),
    );
    expect((await org.admin.client.get(`${custodyPaths.transfersExport}?start=2025-06-01`)).body.code).toBe(codeOf('missingParameter'));
    // Another organisation's admin downloads its own (empty) history only.
    const foreign = await app.inject({
      url: `${custodyPaths.transfersExport}?start=${start}&end=${end}`,
      headers: { cookie: other.admin.client.cookie! },
    });
    expect(
      foreign.body
        .replace(/^\ufeff/, '')
        .trim()
        .split('\r\n'),
    ).toHaveLength(1);
  });
});

describe('the transfer records’ table', () => {
  it('shows nothing without the organisation, only its own with it, and a settled record never changes nor goes', async () => {
    const hot = await openAccount(org, 'Fence hot');
    const cold = await openAccount(org, 'Fence cold', 'cold');
    await fund(hot, 'BTC', 100_000_000n);
    expect((await move({ fromAccountId: hot, toAccountId: cold, amount: '0.5' })).body.code).toBe(0);
    const all = await sql<{ count: string }>`select count(*) from custody_transfer`.execute(database.db);
    expect(Number(all.rows[0]!.count)).toBeGreaterThan(0);
    const unset = await database.db.transaction().execute(async (trx) => {
      await sql`select set_config('role', 'coffer_console', true)`.execute(trx);
      return sql<{ count: string }>`select count(*) from custody_transfer`.execute(trx);
    });
    expect(unset.rows[0]!.count).toBe('0');
    const others = await inOrganisation(database.db, other.orgId, (trx) => trx.selectFrom('custody_transfer').select('org_id').execute());
    expect(others.every((row) => row.org_id === other.orgId)).toBe(true);
    const own = await inOrganisation(database.db, org.orgId, (trx) =>
      trx.selectFrom('custody_transfer').select(['id', 'org_id']).execute(),
    );
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((row) => row.org_id === org.orgId)).toBe(true);

    const [record] = own;
    await expect(
      sql`update custody_transfer set state = 'failure', fail_reason = 'refused' where id = ${record!.id}`.execute(database.db),
    ).rejects.toThrow(/CUSTODY_TRANSFER_SETTLED/);
    await expect(sql`update custody_transfer set note = 'edited' where id = ${record!.id}`.execute(database.db)).rejects.toThrow(
      /CUSTODY_TRANSFER/,
    );
    await expect(sql`delete from custody_transfer where id = ${record!.id}`.execute(database.db)).rejects.toThrow(/CUSTODY_TRANSFER_KEPT/);
  });
});

async function moveRequestOf(flowId: string): Promise<string | null> {
  const row = await database.db.selectFrom('custody_transfer').select('move_request_id').where('id', '=', flowId).executeTakeFirst();
  return row?.move_request_id ?? null;
}
