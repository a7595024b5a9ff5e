import { randomUUID } from 'node:crypto';
import {
  adminCustodyBillingPaths,
  custodyBillingPaths,
  custodyPaths,
  errorCatalogue,
  type CustodyBill,
  type CustodyBillDetail,
  type CustodyBillingStatistics,
} from '@coffer/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { type TestOrganisation, testCustodyPayouts } from '../../../test/custody-kit';
import { operatorCall } from '../../../test/custody-kit';
import { withId } from '../../../test/custody-members-kit';
import { custodyTestBed, insertConsoleMember } from '../../../test/custody-setup-kit';
import { signInOperator, type TestOperator } from '../../../test/operator-kit';
import { createAssetsModule } from '../assets';
import { createAuditModule } from '../audit';
import { createLedgerReads } from '../ledger/ledger-reads';
import { createLedger } from '../ledger/ledger.service';
import { createBillIssuer } from './bill-issue.service';
import { createBillPayments } from './bill-payment.service';

/**
 * Monthly bills (issue 18 items 9 and 10) on real PostgreSQL: February 2026 with known daily
 * snapshots and settled withdrawals gives the bill computed by hand below; every line links to
 * the snapshots and ledger entries it came from; issuing 100 times at once issues once; a
 * deduction takes the bill from the first account of the priority order that covers it; a
 * bill marked paid 100 times at once is paid (and audit-logged) once.
 */
const custody = custodyTestBed();
const codeOf = (key: keyof typeof errorCatalogue) => errorCatalogue[key].code;
const address = '0x52908400098527886E0F7030069857D2E4169EE7';

let org: TestOrganisation;
let finance: TestOperator;
let enterpriseAccount: string;
let primeAccount: string;
let lineId: string;
const settledOrders: Array<{ id: string; tier: 'enterprise' | 'prime'; amount: string }> = [];
let funded = 0;

const services = () => {
  const db = custody.db;
  const assets = createAssetsModule({ db }).api;
  const ledger = createLedger(db);
  const ledgerReads = createLedgerReads(db);
  return {
    issuer: createBillIssuer({ db, assets, ledgerReads }),
    payments: createBillPayments({ db, assets, ledger, ledgerReads, audit: createAuditModule({ db }).api }),
    payouts: testCustodyPayouts(db),
  };
};

async function fund(accountId: string, coin: string, units: bigint): Promise<void> {
  const ledger = createLedger(custody.db);
  funded += 1;
  await ledger.transfer({
    idempotencyKey: `test-billing-fund-${funded}`,
    billType: 2001,
    from: await ledger.platformAccount('chain', coin),
    to: await ledger.custodyAccount(accountId, coin),
    amount: units,
  });
}

async function available(accountId: string, coin: string): Promise<bigint> {
  const balances = await createLedgerReads(custody.db).custodyBalances([accountId]);
  return BigInt(balances.find((row) => row.asset === coin)?.available ?? '0');
}

/** A withdrawal order submitted through the API, approved (moved to sending) and settled by the payouts, its record dated `at`. */
async function settledOrder(accountId: string, amount: string, at: string): Promise<string> {
  const answer = await org.admin.client.post(custodyPaths.orders, {
    requestId: randomUUID(),
    lineId,
    accountId,
    coin: 'USDT',
    chain: 'ethereum',
    amount,
    address,
    note: 'billing',
  });
  expect(answer.body.code).toBe(0);
  const orderId = answer.body.data.order.id as string;
  expect(answer.body.data.order.fee).toBe('2');
  await sql`update custody_withdrawal_order set state = 'sending', decided_at = now() where id = ${orderId}`.execute(custody.db);
  expect(await services().payouts.settled(orderId, `0x${randomUUID().replaceAll('-', '').padEnd(64, '0')}`, async () => undefined)).toBe(
    true,
  );
  // The record is written settled now; the test dates it into the month it bills (the guard keeps records fixed otherwise).
  await sql`alter table custody_transfer disable trigger custody_transfer_settles_once`.execute(custody.db);
  await sql`update custody_transfer set recorded_at = ${at}::timestamptz where order_id = ${orderId}`.execute(custody.db);
  await sql`alter table custody_transfer enable trigger custody_transfer_settles_once`.execute(custody.db);
  return orderId;
}

async function snapshot(accountId: string, asset: string, day: string, balance: string, usdPrice: string, usdCents: string) {
  await custody.db
    .insertInto('custody_daily_snapshot')
    .values({ org_id: org.orgId, account_id: accountId, asset, day, balance, usd_price: usdPrice, usd_cents: usdCents })
    .execute();
}

async function billOf(period: string): Promise<CustodyBill> {
  const answer = await org.admin.client.get(`${custodyBillingPaths.bills}?fromMonth=${period}&toMonth=${period}`);
  expect(answer.body.code).toBe(0);
  expect(answer.body.data.total).toBe(1);
  return answer.body.data.records[0] as CustodyBill;
}

beforeAll(async () => {
  org = await custody.organisation({ tag: 'billing', company: 'Billing Co' });
  finance = await signInOperator(custody.app, custody.db, { role: 'finance' });
  for (const [name, tier] of [
    ['Enterprise hot', 'enterprise'],
    ['Prime vault', 'prime'],
  ] as const) {
    const opened = await org.admin.client.post(custodyPaths.accounts, { name, kind: 'hot', tier });
    expect(opened.body.code).toBe(0);
    if (tier === 'enterprise') enterpriseAccount = opened.body.data.id as string;
    else primeAccount = opened.body.data.id as string;
  }
  await fund(enterpriseAccount, 'USDT', 1_000_000_000_000n);
  await fund(primeAccount, 'USDT', 10_000_000n);
  const reviewer = await insertConsoleMember(custody.db, org.orgId, {
    state: 'active',
    role: 'approver',
    userId: (await custody.customer('billing-reviewer')).userId,
  });
  const line = await org.admin.client.post(custodyPaths.lines, {
    name: 'Payouts',
    adminEmail: 'line@billing.example',
    currencies: ['USDT'],
    accountIds: [enterpriseAccount, primeAccount],
    minReviewers: 1,
    reviewerMemberIds: [reviewer],
    limits: [],
    whitelist: [],
  });
  expect(line.body.code).toBe(0);
  lineId = line.body.data.id as string;

  // February 2026 (28 days): two enterprise and one prime withdrawal settled in it, one settled on 1 March.
  for (const [accountId, tier, amount, at] of [
    [enterpriseAccount, 'enterprise', '10', '2026-02-03T10:00:00Z'],
    [enterpriseAccount, 'enterprise', '25.5', '2026-02-28T23:59:59Z'],
    [primeAccount, 'prime', '7.25', '2026-02-10T08:00:00Z'],
    [enterpriseAccount, 'enterprise', '1', '2026-03-01T00:00:00Z'],
  ] as const) {
    const id = await settledOrder(accountId, amount, at);
    if (at.startsWith('2026-02')) settledOrders.push({ id, tier, amount });
  }
  await snapshot(enterpriseAccount, 'USDT', '2026-02-01', '1000000000000', '1', '100000000');
  await snapshot(primeAccount, 'BTC', '2026-02-01', '10000000', '97000', '970000');
  await snapshot(enterpriseAccount, 'USDT', '2026-02-02', '1000000000000', '1', '100000000');
  await snapshot(enterpriseAccount, 'USDT', '2026-02-15', '500000010000', '1', '50000001');
  await snapshot(enterpriseAccount, 'USDT', '2026-03-01', '1000000000000', '1', '100000000');

  const rates = await operatorCall(custody.app, finance, 'POST', withId(adminCustodyBillingPaths.rates, org.orgId), {
    annualRate: '0.0125',
    minimumUsd: '50',
  });
  expect(rates.code).toBe(0);
  expect(rates.data).toMatchObject({ annualRate: '0.0125', minimumUsd: '50.00', isDefaultRates: false });
}, 180_000);

describe('a monthly bill', { timeout: 120_000 }, () => {
  it('adds up from the month’s snapshots and ledger entries exactly as computed by hand, issued once of 100 runs', async () => {
    const runs = await Promise.all(Array.from({ length: 100 }, () => services().issuer.issueFor(org.orgId, '2026-02')));
    expect(runs.filter((id) => id !== null)).toHaveLength(1);
    expect((await services().issuer.issueFor(org.orgId, '2026-02')) === null).toBe(true);
    const counted = await sql<{ bills: string; lines: string }>`
      select (select count(*) from custody_bill where org_id = ${org.orgId} and period = '2026-02-01')::text as bills,
             (select count(*) from custody_bill_line l join custody_bill b on b.id = l.bill_id where b.period = '2026-02-01' and b.org_id = ${org.orgId})::text as lines`.execute(
      custody.db,
    );
    expect(counted.rows[0]).toEqual({ bills: '1', lines: '4' });

    // By hand: the snapshots' USD cents of the month add up to 100000000 + 970000 + 100000000 + 50000001 = 250970001
    // (1 March's is another month). Average: 250970001 / 28 = 8963214.32… → 89632.14 USD. Hosting fee:
    // 250970001 × 0.0125 / 28 / 12 = 9336.68… cents → 93.37 USD, above the 50.00 minimum, so the final cost.
    // Withdrawals (USDT at 1 USD): enterprise 10 + 25.5 = 35.50 USD, prime 7.25 USD (the 1 March one is March's);
    // fees 3 × 2 USDT = 6.00 USD; reference fee 93.37 + 6.00 = 99.37 USD.
    const bill = await billOf('2026-02');
    expect(bill).toMatchObject({
      period: '2026-02',
      dueOn: '2026-03-09',
      state: 'unpaid',
      currency: 'USD',
      days: 28,
      averageMarketValueUsd: '89632.14',
      annualRate: '0.0125',
      hostingFeeUsd: '93.37',
      enterpriseWithdrawalUsd: '35.50',
      primeWithdrawalUsd: '7.25',
      withdrawalFeeUsd: '6.00',
      minimumUsd: '50.00',
      referenceFeeUsd: '99.37',
      finalCostUsd: '93.37',
      payment: null,
    });
  });

  it('links every line to the snapshots and the ledger entries it was computed from', async () => {
    const bill = await billOf('2026-02');
    const answer = await org.admin.client.get(withId(custodyBillingPaths.bill, bill.id));
    expect(answer.body.code).toBe(0);
    const detail = answer.body.data as CustodyBillDetail;
    expect(detail.lines.map((line) => [line.kind, line.coin, line.amount, line.usd, line.orders, line.sources.length])).toEqual([
      ['hosting', null, null, '93.37', 0, 4],
      ['enterpriseWithdrawal', 'USDT', '35.5', '35.50', 2, 2],
      ['primeWithdrawal', 'USDT', '7.25', '7.25', 1, 1],
      ['withdrawalFee', 'USDT', '6', '6.00', 3, 3],
    ]);
    const hosting = detail.lines[0]!.sources;
    expect(hosting.map((source) => (source.kind === 'snapshot' ? [source.day, source.accountId, source.coin, source.usd] : null))).toEqual([
      ['2026-02-01', enterpriseAccount, 'USDT', '1000000.00'],
      ['2026-02-01', primeAccount, 'BTC', '9700.00'],
      ['2026-02-02', enterpriseAccount, 'USDT', '1000000.00'],
      ['2026-02-15', enterpriseAccount, 'USDT', '500000.01'],
    ]);

    // The ledger's own record of each settled order: its settling journal's credits to the omnibus (amount) and fees (fee) accounts.
    const expected = await sql<{ order_id: string; entry_id: string; purpose: string; amount: string }>`
      select t.order_id::text as order_id, e.id::text as entry_id, a.purpose, e.amount::text as amount
        from custody_transfer t
        join entry e on e.journal_id = t.journal_id
        join ledger_account a on a.id = e.account_id
       where t.order_id = any(${settledOrders.map((order) => order.id)}::bigint[]) and a.purpose in ('omnibus', 'fees')`.execute(
      custody.db,
    );
    expect(expected.rows).toHaveLength(6);
    const linked = (kind: string) =>
      detail.lines
        .find((line) => line.kind === kind)!
        .sources.map((source) => (source.kind === 'ledgerEntry' ? `${source.orderId}:${source.entryId}:${source.amount}` : ''))
        .sort();
    const ledgerSide = (purpose: string, tier?: string) =>
      expected.rows
        .filter((row) => row.purpose === purpose && (!tier || settledOrders.find((order) => order.id === row.order_id)?.tier === tier))
        .map((row) => `${row.order_id}:${row.entry_id}:${String(Number(row.amount) / 1e6)}`)
        .sort();
    expect(linked('enterpriseWithdrawal')).toEqual(ledgerSide('omnibus', 'enterprise'));
    expect(linked('primeWithdrawal')).toEqual(ledgerSide('omnibus', 'prime'));
    expect(linked('withdrawalFee')).toEqual(ledgerSide('fees'));
    expect(detail.bank.swift).toMatch(/^[A-Z0-9]{8,11}$/);
  });

  it('downloads as a PDF whose cross-reference points at its objects and which shows the bill’s figures', async () => {
    const bill = await billOf('2026-02');
    const response = await custody.app.inject({
      method: 'GET',
      url: withId(custodyBillingPaths.billPdf, bill.id),
      headers: { cookie: org.admin.client.cookie ?? '' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = response.rawPayload.toString('latin1');
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
    const count = Number(/^xref\n0 (\d+)\n/.exec(text.slice(startxref))?.[1]);
    const table = text.slice(startxref + `xref\n0 ${count}\n`.length);
    for (let id = 1; id < count; id += 1) {
      const offset = Number(table.slice(id * 20, id * 20 + 10));
      expect(text.slice(offset, offset + `${id} 0 obj`.length)).toBe(`${id} 0 obj`);
    }
    for (const figure of [
      '(93.37 USD) Tj',
      '(89632.14) Tj',
      '(99.37) Tj',
      '(35.50) Tj',
      '(6.00 USD) Tj',
      '(Billing Co - bill',
      '(2026-03-09) Tj',
    ]) {
      expect(text).toContain(figure);
    }
  });

  it('is another organisation’s to see only: its bills, detail and PDF are not found there', async () => {
    const bill = await billOf('2026-02');
    const other = await custody.organisation({ tag: 'billing-other', company: 'Other Co' });
    const list = await other.admin.client.get(custodyBillingPaths.bills);
    expect(list.body.data.total).toBe(0);
    expect((await other.admin.client.get(withId(custodyBillingPaths.bill, bill.id))).body.code).toBe(codeOf('custodyBillNotFound'));
    const pdf = await custody.app.inject({
      method: 'GET',
      url: withId(custodyBillingPaths.billPdf, bill.id),
      headers: { cookie: other.admin.client.cookie ?? '' },
    });
    expect(pdf.json().code).toBe(codeOf('custodyBillNotFound'));
  });

  it('answers the month’s rate statistics by coin and business line', async () => {
    const answer = await org.admin.client.get(`${custodyBillingPaths.statistics}?month=2026-02`);
    expect(answer.body.code).toBe(0);
    const statistics = answer.body.data as CustodyBillingStatistics;
    expect(statistics).toMatchObject({ month: '2026-02', days: 28, hostingFeeUsd: '93.37', withdrawalFeeUsd: '6.00' });
    expect(statistics.byCoin).toEqual([
      { coin: 'USDT', orders: 3, enterpriseAmount: '35.5', primeAmount: '7.25', fee: '6', usdPrice: '1', feeUsd: '6.00' },
    ]);
    expect(statistics.byLine).toEqual([{ lineId, lineName: 'Payouts', coin: 'USDT', orders: 3, amount: '42.75', fee: '6' }]);
    const future = await org.admin.client.get(`${custodyBillingPaths.statistics}?month=2999-01`);
    expect(future.body.code).toBe(codeOf('custodyBillingMonthInvalid'));
  });
});

describe('paying a bill', { timeout: 120_000 }, () => {
  it('refuses a deduction order without accounts, with a pair twice, or with another organisation’s account', async () => {
    const none = await org.admin.client.post(custodyBillingPaths.paymentMethod, { method: 'deduction', deductions: [] });
    expect(none.body.code).toBe(codeOf('custodyDeductionAccountsRequired'));
    const twice = await org.admin.client.post(custodyBillingPaths.paymentMethod, {
      method: 'deduction',
      deductions: [
        { accountId: primeAccount, coin: 'USDT' },
        { accountId: primeAccount, coin: 'usdt' },
      ],
    });
    expect(twice.body.code).toBe(codeOf('custodyDeductionDuplicate'));
    const foreign = await org.admin.client.post(custodyBillingPaths.paymentMethod, {
      method: 'deduction',
      deductions: [{ accountId: '999999', coin: 'USDT' }],
    });
    expect(foreign.body.code).toBe(codeOf('custodyDeductionAccountInvalid'));
  });

  it('takes a due bill from the first account of the priority order that covers it; the short ones are skipped, nothing half-taken', async () => {
    const chosen = await org.admin.client.post(custodyBillingPaths.paymentMethod, {
      method: 'deduction',
      deductions: [
        { accountId: primeAccount, coin: 'USDT' },
        { accountId: enterpriseAccount, coin: 'BTC' },
        { accountId: enterpriseAccount, coin: 'USDT' },
      ],
    });
    expect(chosen.body.code).toBe(0);
    expect(chosen.body.data.deductions.map((pair: { accountName: string; coin: string }) => `${pair.accountName}/${pair.coin}`)).toEqual([
      'Prime vault/USDT',
      'Enterprise hot/BTC',
      'Enterprise hot/USDT',
    ]);
    const primeBefore = await available(primeAccount, 'USDT');
    const enterpriseBefore = await available(enterpriseAccount, 'USDT');
    expect(primeBefore).toBe(750_000n); // 10 − (7.25 + 2): short of 93.37

    expect(await services().payments.deductDue('2026-03-08')).toEqual({ taken: 0, short: [] });
    const results = await Promise.all(Array.from({ length: 20 }, () => services().payments.deductDue('2026-03-09')));
    expect(results.reduce((sum, result) => sum + result.taken, 0)).toBe(1);

    expect(await available(primeAccount, 'USDT')).toBe(primeBefore);
    expect(await available(enterpriseAccount, 'BTC')).toBe(0n);
    // 93.37 USD at 1 USD per USDT, rounded up to the coin's unit: 93.37 USDT.
    expect(enterpriseBefore - (await available(enterpriseAccount, 'USDT'))).toBe(93_370_000n);
    const bill = await billOf('2026-02');
    expect(bill.state).toBe('paid');
    expect(bill.payment).toMatchObject({
      method: 'deduction',
      accountId: enterpriseAccount,
      accountName: 'Enterprise hot',
      coin: 'USDT',
      amount: '93.37',
    });
    const journal = await sql<{ bill_type: number; reference_id: string }>`
      select bill_type, reference_id from journal where id = ${bill.payment!.journalId}`.execute(custody.db);
    expect(journal.rows[0]).toEqual({ bill_type: 2201, reference_id: bill.id });
  });

  it('is marked paid by wire once, however many operators mark it at once, and audit-logged once', async () => {
    await org.admin.client.post(custodyBillingPaths.paymentMethod, { method: 'wire', deductions: [] });
    expect(await services().issuer.issueFor(org.orgId, '2026-01')).not.toBeNull();
    const bill = await billOf('2026-01');
    // January has no snapshots and no withdrawals: the minimum is the final cost.
    expect(bill).toMatchObject({ hostingFeeUsd: '0.00', minimumUsd: '50.00', finalCostUsd: '50.00', state: 'unpaid' });

    const support = await custody.operator();
    const refused = await operatorCall(custody.app, support, 'POST', withId(adminCustodyBillingPaths.markPaid, bill.id), {});
    expect(refused.code).toBe(codeOf('noPermission'));

    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        operatorCall(custody.app, finance, 'POST', withId(adminCustodyBillingPaths.markPaid, bill.id), { note: 'wire ref 42' }),
      ),
    );
    expect(answers.every((answer) => answer.code === 0 && answer.data.bill.state === 'paid')).toBe(true);
    expect(answers.filter((answer) => answer.data.changed)).toHaveLength(1);
    const again = await operatorCall(custody.app, finance, 'POST', withId(adminCustodyBillingPaths.markPaid, bill.id), { note: 'again' });
    expect(again.data).toMatchObject({ changed: false, bill: { state: 'paid', payment: { method: 'wire', note: 'wire ref 42' } } });
    const audited = await sql<{ count: string }>`
      select count(*)::text as count from audit_log where action = 'custody.bill.markPaid' and subject_id = ${bill.id}`.execute(custody.db);
    expect(audited.rows[0]!.count).toBe('1');

    const orgs = await operatorCall(custody.app, finance, 'GET', `${adminCustodyBillingPaths.organisations}?unpaidOnly=false`);
    expect(orgs.code).toBe(0);
    const mine = orgs.data.records.find((row: { orgId: string }) => row.orgId === org.orgId);
    expect(mine).toMatchObject({ name: 'Billing Co', annualRate: '0.0125', unpaidUsd: '0.00', method: 'wire' });
    expect(mine.bills.map((each: CustodyBill) => `${each.period}:${each.state}`)).toEqual(['2026-02:paid', '2026-01:paid']);
    expect(mine.bills[0].payment).toMatchObject({ method: 'deduction', coin: 'USDT', amount: '93.37', usdPrice: '1' });
    const missing = await operatorCall(custody.app, finance, 'POST', withId(adminCustodyBillingPaths.markPaid, '999999'), {});
    expect(missing.code).toBe(codeOf('custodyBillNotFound'));
  });

  it('refuses rates out of range', async () => {
    const path = withId(adminCustodyBillingPaths.rates, org.orgId);
    expect((await operatorCall(custody.app, finance, 'POST', path, { annualRate: '1', minimumUsd: '1' })).code).toBe(
      codeOf('custodyBillingRateInvalid'),
    );
    expect((await operatorCall(custody.app, finance, 'POST', path, { annualRate: '0.1', minimumUsd: '1.001' })).code).toBe(
      codeOf('custodyBillingMinimumInvalid'),
    );
    expect(
      (
        await operatorCall(custody.app, finance, 'POST', withId(adminCustodyBillingPaths.rates, '999999'), {
          annualRate: '0.1',
          minimumUsd: '1',
        })
      ).code,
    ).toBe(codeOf('custodyBillingOrgNotFound'));
  });
});
