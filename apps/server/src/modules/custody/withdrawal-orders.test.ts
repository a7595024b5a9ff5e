import { randomUUID } from 'node:crypto';
import {
  custodyPaths,
  errorCatalogue,
  identityPaths,
  toBaseUnits,
  type CustodyBalances,
  type CustodyLineBody,
  type CustodyBatch,
  type CustodyOrder,
  type CustodyOrderBody,
  type CustodyOrderDetail,
  type CustodyOrderLine,
  type CustodyPolicyAnswer,
  type CustodyTransfer,
} from '@coffer/contract';
import { sql } from 'kysely';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestOrganisation, testCustodyPayouts } from '../../../test/custody-kit';
import { withId } from '../../../test/custody-members-kit';
import { custodyTestBed, insertConsoleMember } from '../../../test/custody-setup-kit';
import { latestCode, type identityClient } from '../../../test/identity-helpers';
import { createLedgerReads } from '../ledger/ledger-reads';
import { createLedger } from '../ledger/ledger.service';
import { inOrganisation } from './tenant-transaction';

/**
 * Withdrawal orders (issue 18 items 1–5) on real PostgreSQL: the hold at submission, the quorum
 * of distinct eligible reviewers bound to the order's digest, the submitter's own approval
 * refused by the database itself, rejection releasing the hold exactly, every policy rule's
 * refusal in its order, the dry run, and the limits and the quorum under concurrency.
 */
type Client = ReturnType<typeof identityClient>;
interface Member {
  client: Client;
  email: string;
  memberId: string;
}

const custody = custodyTestBed();
const codeOf = (key: keyof typeof errorCatalogue) => errorCatalogue[key].code;
const first = '0x52908400098527886E0F7030069857D2E4169EE7';
const second = '0x8ba1f109551bD432803012645Ac136ddd64DBA72';

let org: TestOrganisation;
let admin: Member;
let accountId: string;
let outsideAccountId: string;
let submitter: Member;
/** The reviewers of the current test's lines: fresh ones per test (a code can be sent to an address once a minute). */
let reviewers: Member[];
let funded = 0;

async function member(role: 'approver' | 'lineAdmin' | 'admin' = 'approver'): Promise<Member> {
  return custody.consoleMember(org.orgId, 'orders', role);
}

/** Three fresh reviewers (built-in approvers) for the test about to run. */
async function freshReviewers(): Promise<void> {
  reviewers = [await member(), await member(), await member()];
}

async function addLine(body: Partial<CustodyLineBody> & { name: string }): Promise<string> {
  const answer = await admin.client.post(custodyPaths.lines, {
    adminEmail: 'line@northwind.example',
    currencies: ['USDT'],
    accountIds: [accountId],
    minReviewers: 2,
    reviewerMemberIds: reviewers.map((each) => each.memberId),
    limits: [],
    whitelist: [],
    ...body,
  });
  expect(answer.body.code).toBe(0);
  return answer.body.data.id as string;
}

function draft(lineId: string, overrides: Partial<CustodyOrderBody> = {}) {
  return { lineId, accountId, coin: 'USDT', chain: 'ethereum', amount: '10', address: first, note: 'payout', ...overrides };
}

function submit(lineId: string, overrides: Partial<CustodyOrderBody> = {}, by: Member = submitter) {
  return by.client.post(custodyPaths.orders, { requestId: randomUUID(), ...draft(lineId, overrides) });
}

async function submitted(lineId: string, overrides: Partial<CustodyOrderBody> = {}): Promise<CustodyOrderDetail> {
  const answer = await submit(lineId, overrides);
  expect(answer.body.code).toBe(0);
  return answer.body.data as CustodyOrderDetail;
}

/** A fresh e-mail code of the member's preferred second factor. */
async function transferCode(who: Member): Promise<string> {
  const sent = await who.client.post(identityPaths.userCode, { purpose: 'transfer', channel: 'email' });
  expect(sent.body.code).toBe(0);
  return latestCode(custody.app, who.email);
}

async function approve(who: Member, order: CustodyOrderDetail, code?: string) {
  const emailCode = code ?? (await transferCode(who));
  return who.client.post(withId(custodyPaths.approveOrder, order.order.id), { digest: order.order.digest, emailCode, opinion: 'fine' });
}

async function detail(id: string): Promise<CustodyOrderDetail> {
  const answer = await admin.client.get(withId(custodyPaths.order, id));
  expect(answer.body.code).toBe(0);
  return answer.body.data as CustodyOrderDetail;
}

async function available(): Promise<string> {
  const answer = await admin.client.get(custodyPaths.balances);
  const balances = answer.body.data as CustodyBalances;
  return balances.accounts.find((row) => row.accountId === accountId)?.assets.find((row) => row.coin === 'USDT')?.available ?? '0';
}

async function fund(units: bigint): Promise<void> {
  const ledger = createLedger(custody.db);
  funded += 1;
  await ledger.transfer({
    idempotencyKey: `test-custody-order-fund-${funded}`,
    billType: 2001,
    from: await ledger.platformAccount('chain', 'USDT'),
    to: await ledger.custodyAccount(accountId, 'USDT'),
    amount: units,
  });
}

/** Moves the line's orders back in time, as if submitted `hours` earlier. */
async function age(lineId: string, hours: number): Promise<void> {
  await sql`update custody_withdrawal_order set created_at = now() - make_interval(hours => ${hours}) where line_id = ${lineId}`.execute(
    custody.db,
  );
}

beforeAll(async () => {
  org = await custody.organisation({ tag: 'orders', company: 'Orders Co' });
  const adminMember = await inOrganisation(custody.db, org.orgId, (trx) =>
    trx.selectFrom('custody_member').select('id').where('user_id', '=', org.admin.userId).executeTakeFirstOrThrow(),
  );
  admin = { client: org.admin.client, email: org.admin.email, memberId: adminMember.id };
  for (const [name, kind] of [
    ['Treasury hot', 'hot'],
    ['Outside', 'cold'],
  ] as const) {
    const opened = await admin.client.post(custodyPaths.accounts, { name, kind, tier: 'enterprise' });
    expect(opened.body.code).toBe(0);
    if (kind === 'hot') accountId = opened.body.data.id as string;
    else outsideAccountId = opened.body.data.id as string;
  }
  await fund(1_000_000_000_000n);
  submitter = await member('lineAdmin');
}, 120_000);

beforeEach(freshReviewers, 60_000);

describe('a single withdrawal order', { timeout: 60_000 }, () => {
  it('holds amount + fee at once, is held by the minimum reviewers, and completes with two distinct approvals once', async () => {
    const lineId = await addLine({ name: 'Quorum line', reviewerMemberIds: [...reviewers, submitter].map((each) => each.memberId) });
    const before = await available();
    const order = await submitted(lineId, { amount: '12.5' });
    expect(order.order.state).toBe('pending_review');
    expect(order.order.digest).toMatch(/^[0-9a-f]{64}$/);
    const units = (amount: string) => toBaseUnits(amount, 6);
    expect(order.order.fee).toBe('2');
    expect(units(before) - units(await available())).toBe(units('12.5') + units(order.order.fee));
    expect(order.policy).toMatchObject({ verdict: 'held', rule: 'minimumReviewers', approvals: { required: 2, counted: 0 } });
    expect(order.policy.approvals.mayApprove.map((each) => each.memberId).sort()).toEqual(reviewers.map((each) => each.memberId).sort());

    // The submitter is a reviewer of the line, and still cannot approve its own order.
    expect((await approve(submitter, order, '000000')).body.code).toBe(codeOf('custodyOrderOwnApproval'));
    // The digest the reviewer was shown must be the order's.
    const code = await transferCode(reviewers[0]!);
    const wrong = await reviewers[0]!.client.post(withId(custodyPaths.approveOrder, order.order.id), {
      digest: 'b'.repeat(64),
      emailCode: code,
    });
    expect(wrong.body.code).toBe(codeOf('custodyOrderDigestMismatch'));
    // A wrong second factor approves nothing.
    expect((await approve(reviewers[0]!, order, code === '000000' ? '111111' : '000000')).body.code).not.toBe(0);

    const one = await approve(reviewers[0]!, order, code);
    expect(one.body.code).toBe(0);
    expect((one.body.data as CustodyOrderDetail).order.state).toBe('reviewing');
    expect((await approve(reviewers[0]!, order, '000000')).body.code).toBe(codeOf('custodyOrderAlreadyDecided'));

    const two = await approve(reviewers[1]!, order);
    expect(two.body.code).toBe(0);
    const done = two.body.data as CustodyOrderDetail;
    expect(done.order.state).toBe('sending');
    expect(done.approvals.map((each) => [each.memberId, each.digest, each.counts])).toEqual([
      [reviewers[0]!.memberId, order.order.digest, true],
      [reviewers[1]!.memberId, order.order.digest, true],
    ]);
    expect((await approve(reviewers[2]!, order, '000000')).body.code).toBe(codeOf('custodyOrderNotOpen'));

    const listed = await reviewers[2]!.client.get(`${custodyPaths.orders}?lineId=${lineId}&state=sending`);
    expect(listed.body.code).toBe(0);
    expect(listed.body.data).toMatchObject({ total: 1, records: [{ id: order.order.id, state: 'sending', amount: '12.5', fee: '2' }] });
  });

  it('needs a registered security key or passkey where the organisation requires hardware keys', async () => {
    const lineId = await addLine({ name: 'Hardware line' });
    const order = await submitted(lineId);
    await sql`update custody_org set require_hardware_key = true where id = ${org.orgId}`.execute(custody.db);
    try {
      expect((await approve(reviewers[0]!, order, '000000')).body.code).toBe(codeOf('custodyHardwareKeyRequired'));
    } finally {
      await sql`update custody_org set require_hardware_key = false where id = ${org.orgId}`.execute(custody.db);
    }
    expect((await detail(order.order.id)).approvals).toEqual([]);
  });

  it('is refused to a member without the review permission, one not reviewing the line, and a frozen one', async () => {
    const lineId = await addLine({ name: 'Eligibility line' });
    const order = await submitted(lineId);
    const orderer = await member('lineAdmin');
    const noReview = await custody.customer('noreview');
    const role = await admin.client.post(custodyPaths.roles, { name: 'Orders only', description: '', permissions: ['orders'] });
    const memberId = await insertConsoleMember(custody.db, org.orgId, { state: 'active', role: 'approver', userId: noReview.userId });
    await inOrganisation(custody.db, org.orgId, (trx) =>
      trx.updateTable('custody_member').set({ role_id: role.body.data.id }).where('id', '=', memberId).execute(),
    );
    expect((await approve({ ...noReview, memberId }, order, '000000')).body.code).toBe(codeOf('noPermission'));
    expect((await approve(orderer, order, '000000')).body.code).toBe(codeOf('custodyNotLineReviewer'));

    const frozen = reviewers[2]!;
    expect((await admin.client.post(withId(custodyPaths.freezeMember, frozen.memberId))).body.code).toBe(0);
    expect((await approve(frozen, order, '000000')).body.code).toBe(codeOf('custodyMemberFrozen'));
    expect((await detail(order.order.id)).approvals).toEqual([]);

    // An approval whose member is frozen afterwards stops counting.
    expect((await admin.client.post(withId(custodyPaths.thawMember, frozen.memberId))).body.code).toBe(0);
    expect((await approve(frozen, order)).body.code).toBe(0);
    expect((await admin.client.post(withId(custodyPaths.freezeMember, frozen.memberId))).body.code).toBe(0);
    const after = await approve(reviewers[0]!, order);
    expect(after.body.code).toBe(0);
    expect((after.body.data as CustodyOrderDetail).order.state).toBe('reviewing');
    expect((after.body.data as CustodyOrderDetail).policy.approvals.counted).toBe(1);
    expect((await admin.client.post(withId(custodyPaths.thawMember, frozen.memberId))).body.code).toBe(0);
  });

  it('is submitted once per request id: a retry answers the same order, held once; other content is refused', async () => {
    const lineId = await addLine({ name: 'Retry line' });
    const before = await available();
    const body = { requestId: randomUUID(), ...draft(lineId, { amount: '20' }) };
    const answers = await Promise.all(Array.from({ length: 5 }, () => submitter.client.post(custodyPaths.orders, body)));
    expect(answers.map((answer) => answer.body.code)).toEqual([0, 0, 0, 0, 0]);
    expect(new Set(answers.map((answer) => (answer.body.data as CustodyOrderDetail).order.id)).size).toBe(1);
    expect(toBaseUnits(before, 6) - toBaseUnits(await available(), 6)).toBe(toBaseUnits('22', 6));
    const other = await submitter.client.post(custodyPaths.orders, { ...body, amount: '21' });
    expect(other.body.code).toBe(codeOf('idempotencyConflict'));
  });

  it('the database itself refuses the submitter approving its own order, and a second decision of a member', async () => {
    const lineId = await addLine({ name: 'SQL line' });
    const order = await submitted(lineId);
    const row = { org_id: org.orgId, order_id: order.order.id, decision: 'approve' as const, opinion: '', digest: order.order.digest };
    const insert = (memberId: string, submitterId: string) =>
      inOrganisation(custody.db, org.orgId, (trx) =>
        trx
          .insertInto('custody_withdrawal_approval')
          .values({ ...row, member_id: memberId, submitter_member_id: submitterId })
          .execute(),
      );
    await expect(insert(submitter.memberId, submitter.memberId)).rejects.toMatchObject({
      constraint: 'custody_withdrawal_approval_not_submitter',
    });
    // Naming someone else as the submitter does not get past it: the submitter comes from the order.
    await expect(insert(submitter.memberId, reviewers[0]!.memberId)).rejects.toMatchObject({ code: '23503' });
    await insert(reviewers[0]!.memberId, submitter.memberId);
    await expect(insert(reviewers[0]!.memberId, submitter.memberId)).rejects.toMatchObject({ code: '23505' });
    // Decisions are never changed by the console.
    await expect(
      inOrganisation(custody.db, org.orgId, (trx) =>
        trx.updateTable('custody_withdrawal_approval').set({ decision: 'reject' }).where('order_id', '=', order.order.id).execute(),
      ),
    ).rejects.toMatchObject({ code: '42501' });
    // The console may change an order's state, never what it pays; and a state only moves forward.
    const change = (values: { amount?: string; state?: 'reviewing' | 'pending_review' }) =>
      inOrganisation(custody.db, org.orgId, (trx) =>
        trx.updateTable('custody_withdrawal_order').set(values).where('id', '=', order.order.id).execute(),
      );
    await expect(change({ amount: '1' })).rejects.toMatchObject({ code: '42501' });
    await change({ state: 'reviewing' });
    await expect(change({ state: 'pending_review' })).rejects.toThrow(/CUSTODY_ORDER_STATE/);
  });

  it('rejection with an opinion ends the order and releases its hold exactly, no fee', async () => {
    const lineId = await addLine({ name: 'Reject line' });
    const before = await available();
    const order = await submitted(lineId, { amount: '33.333333' });
    expect(await available()).not.toBe(before);
    const blank = await reviewers[0]!.client.post(withId(custodyPaths.rejectOrder, order.order.id), { opinion: '  ' });
    expect(blank.body.code).toBe(codeOf('custodyOpinionInvalid'));
    const own = await submitter.client.post(withId(custodyPaths.rejectOrder, order.order.id), { opinion: 'mine' });
    expect(own.body.code).toBe(codeOf('custodyOrderOwnApproval'));
    const rejected = await reviewers[0]!.client.post(withId(custodyPaths.rejectOrder, order.order.id), { opinion: 'Unknown recipient' });
    expect(rejected.body.code).toBe(0);
    expect((rejected.body.data as CustodyOrderDetail).order.state).toBe('rejected');
    expect(await available()).toBe(before);
    expect((await reviewers[1]!.client.post(withId(custodyPaths.rejectOrder, order.order.id), { opinion: 'again' })).body.code).toBe(
      codeOf('custodyOrderNotOpen'),
    );
    expect(await available()).toBe(before);
  });
});

describe('the policy engine, rule by rule in its order', { timeout: 60_000 }, () => {
  it('member frozen: an order whose submitter was frozen since cannot be approved', async () => {
    const lineId = await addLine({ name: 'Frozen submitter line', minReviewers: 1 });
    const own = await member('lineAdmin');
    const order = (await submit(lineId, {}, own)).body.data as CustodyOrderDetail;
    expect((await admin.client.post(withId(custodyPaths.freezeMember, own.memberId))).body.code).toBe(0);
    expect((await approve(reviewers[0]!, order)).body.code).toBe(codeOf('custodyPolicyMemberFrozen'));
    expect((await detail(order.order.id)).policy).toMatchObject({ verdict: 'refused', rule: 'memberFrozen' });
  });

  it('organisation frozen, asset and business line allowed, minimum reviewers', async () => {
    const lineId = await addLine({ name: 'Rules line' });
    await sql`update custody_org set frozen_at = now() where id = ${org.orgId}`.execute(custody.db);
    expect((await submit(lineId)).body.code).toBe(codeOf('custodyPolicyOrganisationFrozen'));
    await sql`update custody_org set frozen_at = null where id = ${org.orgId}`.execute(custody.db);
    expect((await submit(lineId, { accountId: outsideAccountId })).body.code).toBe(codeOf('custodyPolicyAssetNotAllowed'));
    expect((await submit(lineId, { coin: 'ETH' })).body.code).toBe(codeOf('custodyPolicyAssetNotAllowed'));
    const lonely = await addLine({ name: 'Lonely line', minReviewers: 1, reviewerMemberIds: [submitter.memberId] });
    expect((await submit(lonely)).body.code).toBe(codeOf('custodyPolicyReviewersBelowMinimum'));
  });

  it('whitelist, then the cooling period of a newly whitelisted address', async () => {
    const lineId = await addLine({
      name: 'Whitelist line',
      whitelist: [{ asset: 'USDT', chain: 'ethereum', address: first, tag: '', note: 'supplier' }],
    });
    expect((await submit(lineId, { address: second })).body.code).toBe(codeOf('custodyPolicyNotWhitelisted'));
    const cooling = await submit(lineId);
    expect(cooling.body.code).toBe(codeOf('custodyPolicyCoolingPeriod'));
    const dry = await submitter.client.post(custodyPaths.orderDryRun, draft(lineId));
    const answer = dry.body.data as CustodyPolicyAnswer;
    expect(answer).toMatchObject({ verdict: 'refused', rule: 'coolingPeriod', code: codeOf('custodyPolicyCoolingPeriod') });
    expect(new Date(answer.until!).getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000);
    await sql`update custody_line_whitelist set added_at = now() - interval '25 hours' where line_id = ${lineId}`.execute(custody.db);
    expect((await submit(lineId)).body.code).toBe(0);

    // Editing the line keeps when each address that stays was added; only a new one cools.
    const edited = await admin.client.post(withId(custodyPaths.line, lineId), {
      name: 'Whitelist line',
      adminEmail: 'line@northwind.example',
      currencies: ['USDT'],
      accountIds: [accountId],
      minReviewers: 2,
      reviewerMemberIds: reviewers.map((each) => each.memberId),
      whitelist: [
        { asset: 'USDT', chain: 'ethereum', address: first, tag: '', note: 'supplier, renamed' },
        { asset: 'USDT', chain: 'ethereum', address: second, tag: '', note: 'new supplier' },
      ],
    });
    expect(edited.body.code).toBe(0);
    // A whitelist change needs the line's quorum (issue 18 item 6): until two reviewers approve it, the new address is refused.
    const change = edited.body.data.changeRequest as { id: string; state: string };
    expect(change.state).toBe('pending');
    expect((await submit(lineId, { address: second })).body.code).toBe(codeOf('custodyPolicyNotWhitelisted'));
    for (const reviewer of reviewers.slice(0, 2))
      expect((await reviewer.client.post(withId(custodyPaths.approveChange, change.id), { opinion: '' })).body.code).toBe(0);
    expect((await submit(lineId)).body.code).toBe(0);
    expect((await submit(lineId, { address: second })).body.code).toBe(codeOf('custodyPolicyCoolingPeriod'));
  });

  it('limits per transaction, rolling day, week and month, counting pending orders; the dry run says what is left and when', async () => {
    const limits = [{ asset: 'USDT', perTransaction: '100', perDay: '250', perWeek: '400', perMonth: '500' }];
    const lineId = await addLine({ name: 'Limits line', limits });
    expect((await submit(lineId, { amount: '100.000001' })).body.code).toBe(codeOf('custodyPolicyPerTransactionLimit'));
    const firstOrder = await submitted(lineId, { amount: '100' });
    await submitted(lineId, { amount: '100' });
    expect((await submit(lineId, { amount: '100' })).body.code).toBe(codeOf('custodyPolicyDayLimit'));

    const dry = (await submitter.client.post(custodyPaths.orderDryRun, draft(lineId, { amount: '100' }))).body.data as CustodyPolicyAnswer;
    expect(dry).toMatchObject({ verdict: 'refused', rule: 'day', code: codeOf('custodyPolicyDayLimit') });
    const day = dry.limits.find((each) => each.window === 'day')!;
    expect(day).toMatchObject({ limit: '250', used: '200', remaining: '50' });
    expect(new Date(day.freesAt!).getTime()).toBe(new Date(firstOrder.order.submittedAt).getTime() + 24 * 3_600_000);
    expect(dry.approvals.mayApprove).toHaveLength(3);
    const fits = (await submitter.client.post(custodyPaths.orderDryRun, draft(lineId, { amount: '50' }))).body.data as CustodyPolicyAnswer;
    expect(fits).toMatchObject({ verdict: 'pass', rule: null, approvals: { required: 2, counted: 0 } });

    await age(lineId, 48);
    await submitted(lineId, { amount: '100' });
    await submitted(lineId, { amount: '100' });
    expect((await submit(lineId, { amount: '1' })).body.code).toBe(codeOf('custodyPolicyWeekLimit'));
    await age(lineId, 24 * 8);
    const fifth = await submitted(lineId, { amount: '100' });
    expect((await submit(lineId, { amount: '1' })).body.code).toBe(codeOf('custodyPolicyMonthLimit'));
    // A rejected order no longer counts.
    const rejected = await reviewers[0]!.client.post(withId(custodyPaths.rejectOrder, fifth.order.id), { opinion: 'Too much this month' });
    expect(rejected.body.code).toBe(0);
    expect((await submit(lineId, { amount: '100' })).body.code).toBe(0);
    expect((await submit(lineId, { amount: '1' })).body.code).toBe(codeOf('custodyPolicyMonthLimit'));
  });
});

describe('under concurrency', { timeout: 120_000 }, () => {
  it('100 orders submitted at once against one day limit never exceed it', async () => {
    const limits = [{ asset: 'USDT', perTransaction: '100', perDay: '1000', perWeek: '10000', perMonth: '10000' }];
    const lineId = await addLine({ name: 'Burst line', limits });
    const before = await available();
    const answers = await Promise.all(Array.from({ length: 100 }, () => submit(lineId, { amount: '100' })));
    const codes = answers.map((answer) => answer.body.code);
    expect(codes.filter((code) => code === 0)).toHaveLength(10);
    expect(codes.filter((code) => code === codeOf('custodyPolicyDayLimit'))).toHaveLength(90);
    expect(toBaseUnits(before, 6) - toBaseUnits(await available(), 6)).toBe(10n * toBaseUnits('102', 6));
    const total = await sql<{
      sum: string;
    }>`select coalesce(sum(amount), 0)::text as sum from custody_withdrawal_order where line_id = ${lineId}`.execute(custody.db);
    expect(total.rows[0]!.sum).toBe('1000000000');
  });

  it('20 reviewers approving one order at once complete its quorum once', async () => {
    const crowd: Member[] = [];
    for (let at = 0; at < 20; at += 1) crowd.push(await member());
    const lineId = await addLine({ name: 'Crowd line', minReviewers: 5, reviewerMemberIds: crowd.map((each) => each.memberId) });
    const order = await submitted(lineId);
    const codes: string[] = [];
    for (const each of crowd) codes.push(await transferCode(each));
    const answers = await Promise.all(crowd.map((each, at) => approve(each, order, codes[at])));
    const accepted = answers.filter((answer) => answer.body.code === 0);
    expect(accepted).toHaveLength(5);
    expect(answers.filter((answer) => answer.body.code === codeOf('custodyOrderNotOpen'))).toHaveLength(15);
    const done = await detail(order.order.id);
    expect(done.order.state).toBe('sending');
    expect(done.approvals).toHaveLength(5);
    const completions = await sql<{ count: string }>`
      select count(*)::text as count from audit_log
       where action = 'custody.order.approve' and subject_id = ${order.order.id} and after->>'state' = 'sending'`.execute(custody.db);
    expect(completions.rows[0]!.count).toBe('1');
  });
});

describe('handing approved orders to the signer', { timeout: 60_000 }, () => {
  const alerts: object[] = [];
  const warnings: object[] = [];
  // The submitter's e-mails are read in custody-payout-signer.test.ts, through the app's own payouts.
  const payouts = () => testCustodyPayouts(custody.db, { alerts, warnings });

  /** An order of a fresh line approved by two fresh reviewers: `sending`, its hold in place. */
  async function sendingOrder(name: string, amount: string): Promise<CustodyOrderDetail> {
    const lineId = await addLine({ name });
    const order = await submitted(lineId, { amount });
    expect((await approve(reviewers[0]!, order)).body.code).toBe(0);
    const done = await approve(reviewers[1]!, order);
    expect((done.body.data as CustodyOrderDetail).order.state).toBe('sending');
    return order;
  }

  for (const [what, change] of [
    ['amount', sql`amount = amount + 1`],
    ['address', sql`address = ${second}`],
  ] as const) {
    it(`refuses an order whose ${what} was changed in the database after approval, alerts and releases its hold`, async () => {
      const before = await available();
      const order = await sendingOrder(`Tampered ${what}`, '7.25');
      expect(await available()).not.toBe(before);
      await sql`update custody_withdrawal_order set ${change} where id = ${order.order.id}`.execute(custody.db);
      alerts.length = 0;

      const handed = await payouts().sendable(['ethereum'], 1000, []);
      expect(handed.map((payout) => payout.orderId)).not.toContain(order.order.id);
      expect(alerts).toEqual([expect.objectContaining({ alert: 'custody-order-tampered', orderId: order.order.id, refused: true })]);
      expect((await detail(order.order.id)).order.state).toBe('transfer_failed');
      expect(await available()).toBe(before);
      // Asked again, nothing more happens: refused once, released once.
      alerts.length = 0;
      expect((await payouts().sendable(['ethereum'], 1000, [])).map((payout) => payout.orderId)).not.toContain(order.order.id);
      expect(alerts).toEqual([]);
      expect(await available()).toBe(before);
    });
  }

  it('hands an untouched order out as approved, and a failed transfer releases its hold once however often it is reported', async () => {
    const before = await available();
    const order = await sendingOrder('Payout line', '3.5');
    alerts.length = 0;
    const handed = await payouts().sendable(['ethereum'], 1000, []);
    expect(handed.find((payout) => payout.orderId === order.order.id)).toEqual({
      orderId: order.order.id,
      orgId: org.orgId,
      accountId,
      asset: 'USDT',
      chain: 'ethereum',
      address: first,
      tag: '',
      amount: '3500000',
      fee: '2000000',
    });
    expect(await payouts().sendable(['bitcoin'], 1000, [])).toEqual([]);
    expect(alerts).toEqual([]);

    const outcomes = await Promise.all(Array.from({ length: 100 }, () => payouts().failed(order.order.id, 'broadcastRejected')));
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect((await detail(order.order.id)).order.state).toBe('transfer_failed');
    expect(await available()).toBe(before);
    expect((await payouts().sendable(['ethereum'], 1000, [])).map((payout) => payout.orderId)).not.toContain(order.order.id);
  });
  it('settles a confirmed order once: approved with its txid, hold out to omnibus and fee account, released in the transfer history', async () => {
    const reads = createLedgerReads(custody.db);
    const fees = () => reads.platformAvailableBalance('fees', 'USDT');
    const omnibus = () => reads.platformAvailableBalance('omnibus', 'USDT');
    const before = await available();
    const [feesBefore, omnibusBefore] = [await fees(), await omnibus()];
    const order = await sendingOrder('Settle line', '4.75');
    const txid = `0x${'ab'.repeat(32)}`;
    let alongside = 0;

    const outcomes = await Promise.all(
      Array.from({ length: 100 }, () =>
        payouts().settled(order.order.id, txid, async (trx) => {
          await sql`select 1`.execute(trx);
          alongside += 1;
        }),
      ),
    );
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(alongside).toBe(1);
    expect(await payouts().failed(order.order.id, 'late')).toBe(false);
    const settled = await detail(order.order.id);
    expect(settled.order.state).toBe('approved');
    const required = await sql<{ confirmations: number }>`
      select confirmations_to_withdraw as confirmations from asset_chain where asset = 'USDT' and chain = 'ethereum'`.execute(custody.db);
    const quorumAt = settled.approvals.filter((approval) => approval.decision === 'approve').at(-1)!.at;
    expect(settled.payout).toEqual({
      sentAt: quorumAt,
      txid,
      settledAt: expect.any(String),
      confirmations: required.rows[0]!.confirmations,
    });
    expect(Date.parse(settled.payout.settledAt!)).toBeGreaterThanOrEqual(Date.parse(quorumAt));
    const stored = await sql<{ txid: string }>`select txid from custody_withdrawal_order where id = ${order.order.id}`.execute(custody.db);
    expect(stored.rows[0]!.txid).toBe(txid);

    const units = (amount: string) => toBaseUnits(amount, 6);
    expect(units(before) - units(await available())).toBe(units('4.75') + units('2'));
    expect((await fees()) - feesBefore).toBe(units('2'));
    expect((await omnibus()) - omnibusBefore).toBe(units('4.75'));

    const history = await admin.client.get(`${custodyPaths.transfers}?businessType=withdrawal&accountId=${accountId}`);
    expect(history.body.code).toBe(0);
    const records = (history.body.data as { records: CustodyTransfer[] }).records.filter(
      (record) => record.orderNo === order.order.serialNo,
    );
    expect(records).toEqual([
      expect.objectContaining({
        businessType: 'withdrawal',
        state: 'released',
        coin: 'USDT',
        chain: 'ethereum',
        quantity: '4.75',
        handlingFee: '2',
        accountBalance: await available(),
        hash: txid,
        toAddress: first,
        source: 'Treasury hot',
      }),
    ]);
    expect((await payouts().sendable(['ethereum'], 1000, [])).map((payout) => payout.orderId)).not.toContain(order.order.id);
  });
});

describe('the order list filters and the lines a submitter reads', { timeout: 60_000 }, () => {
  const list = async (who: Member, query: string) => {
    const answer = await who.client.get(`${custodyPaths.orders}?${query}`);
    expect(answer.body.code).toBe(0);
    return answer.body.data as { total: number; records: CustodyOrder[] };
  };

  it("filters by submitter, submission time and batch, within the caller's organisation only", async () => {
    const lineId = await addLine({ name: 'Filter line', minReviewers: 1 });
    const mine = [await submitted(lineId, { amount: '1.5' }), await submitted(lineId, { amount: '2.5' })];
    const theirs = await submit(lineId, { amount: '3.5' }, admin);
    expect(theirs.body.code).toBe(0);
    // The first of the submitter's orders was submitted two days ago.
    await sql`update custody_withdrawal_order set created_at = now() - interval '48 hours' where id = ${mine[0]!.order.id}`.execute(
      custody.db,
    );

    const bySubmitter = await list(admin, `lineId=${lineId}&submitterId=${submitter.memberId}`);
    expect(bySubmitter.total).toBe(2);
    expect(bySubmitter.records.map((order) => order.submitter.memberId)).toEqual([submitter.memberId, submitter.memberId]);
    const dayAgo = new Date(Date.now() - 24 * 3_600_000).toISOString();
    const recent = await list(admin, `lineId=${lineId}&submitterId=${submitter.memberId}&start=${dayAgo}`);
    expect(recent.records.map((order) => order.id)).toEqual([mine[1]!.order.id]);
    const older = await list(admin, `lineId=${lineId}&end=${dayAgo}`);
    expect(older.records.map((order) => order.id)).toEqual([mine[0]!.order.id]);
    expect((await list(admin, `lineId=${lineId}&start=${dayAgo}`)).total).toBe(2);

    const csv = `coin,network,amount,address,tag,note\r\nUSDT,ethereum,1.25,${first},,a\r\nUSDT,ethereum,1.75,${second},,b\r\n`;
    const batch = await submitter.client.post(custodyPaths.batches, {
      lineId,
      accountId,
      fileName: 'filter.csv',
      content: Buffer.from(csv).toString('base64'),
      requestId: randomUUID(),
    });
    expect(batch.body.code).toBe(0);
    const { id: batchId, orderIds } = batch.body.data as CustodyBatch;
    const ofBatch = await list(admin, `batchId=${batchId}`);
    expect(ofBatch.records.map((order) => order.id).sort()).toEqual([...orderIds].sort());
    expect(ofBatch.records.every((order) => order.type === 'batch' && order.batchId === batchId)).toBe(true);
    expect((await list(admin, `lineId=${lineId}&submitterId=${submitter.memberId}`)).total).toBe(4);

    // Another organisation asking for this one's submitter or batch sees nothing of it.
    const other = await custody.organisation({ tag: 'orders-filter-other', company: 'Other Filter Co' });
    const otherMember = { client: other.admin.client, email: other.admin.email, memberId: '' };
    expect((await list(otherMember, `submitterId=${submitter.memberId}`)).total).toBe(0);
    expect((await list(otherMember, `batchId=${batchId}`)).total).toBe(0);

    const bad = await admin.client.get(`${custodyPaths.orders}?start=not-a-date`);
    expect(bad.body.code).toBe(codeOf('invalidParameter'));
  });

  it("a member with only the orders permission reads its organisation's lines: currencies, accounts, limits, no reviewers", async () => {
    const lineId = await addLine({
      name: 'Summary line',
      currencies: ['USDT', 'ETH'],
      limits: [{ asset: 'USDT', perTransaction: '100', perDay: '1000', perWeek: '5000', perMonth: '20000.5' }],
    });
    const role = await admin.client.post(custodyPaths.roles, {
      name: `Orders only ${randomUUID().slice(0, 8)}`,
      description: '',
      permissions: ['orders'],
    });
    expect(role.body.code).toBe(0);
    const ordersOnly = await member();
    await sql`update custody_member set role_id = ${role.body.data.id as string} where id = ${ordersOnly.memberId}`.execute(custody.db);

    expect((await ordersOnly.client.get(custodyPaths.lines)).body.code).toBe(codeOf('noPermission'));
    const answer = await ordersOnly.client.get(custodyPaths.orderLines);
    expect(answer.body.code).toBe(0);
    const lines = answer.body.data as CustodyOrderLine[];
    expect(lines.find((line) => line.id === lineId)).toEqual({
      id: lineId,
      name: 'Summary line',
      currencies: ['USDT', 'ETH'],
      accountIds: [accountId],
      minReviewers: 2,
      limits: [{ asset: 'USDT', perTransaction: '100', perDay: '1000', perWeek: '5000', perMonth: '20000.5' }],
    });
    expect(Object.keys(lines[0]!)).not.toContain('reviewerMemberIds');
    const full = (await admin.client.get(custodyPaths.lines)).body.data as Array<{ id: string }>;
    expect(lines.map((line) => line.id)).toEqual(full.map((line) => line.id));

    // Another organisation's submitter sees its own lines only; a member without orders is refused.
    const other = await custody.organisation({ tag: 'orders-lines-other', company: 'Other Lines Co' });
    const otherLines = (await other.admin.client.get(custodyPaths.orderLines)).body.data as CustodyOrderLine[];
    expect(otherLines.map((line) => line.id)).not.toContain(lineId);
    expect((await reviewers[0]!.client.get(custodyPaths.orderLines)).body.code).toBe(codeOf('noPermission'));
  });
});
