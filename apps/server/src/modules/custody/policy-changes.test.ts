import { randomUUID } from 'node:crypto';
import {
  custodyPaths,
  errorCatalogue,
  identityPaths,
  type CustodyChangeBoard,
  type CustodyChangeRequest,
  type CustodyLine,
  type CustodyLineBody,
  type CustodyLineEdit,
  type CustodyOrderDetail,
} from '@coffer/contract';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestOrganisation } from '../../../test/custody-kit';
import { withId } from '../../../test/custody-members-kit';
import { custodyTestBed, insertConsoleMember } from '../../../test/custody-setup-kit';
import { latestCode, type identityClient } from '../../../test/identity-helpers';
import { createLedger } from '../ledger/ledger.service';
import { inOrganisation } from './tenant-transaction';

/**
 * Policy changes need the quorum; the freeze is asymmetric (issue 18 item 6), on real
 * PostgreSQL: a line's limits, minimum reviewers, reviewers and whitelist change only through a
 * change request approved by the line's quorum (the proposer refused, by the database too; a
 * frozen approver not counted; once per member; 100 racing approvals apply it once), a stale
 * request refused, a line's first configuration applied at once; freezing a line or the
 * organisation is immediate and stops submissions and approvals, unfreezing waits for the quorum;
 * every step in the audit log.
 */
type Client = ReturnType<typeof identityClient>;
interface Member {
  client: Client;
  email: string;
  memberId: string;
  userId: string;
}

const custody = custodyTestBed();
const codeOf = (key: keyof typeof errorCatalogue) => errorCatalogue[key].code;
const address = '0x52908400098527886E0F7030069857D2E4169EE7';

let org: TestOrganisation;
let admin: Member;
let submitter: Member;
let accountId: string;
let lineCount = 0;

async function member(role: 'approver' | 'lineAdmin' | 'admin' = 'approver'): Promise<Member> {
  return custody.consoleMember(org.orgId, 'policy', role);
}

async function members(count: number): Promise<Member[]> {
  const made: Member[] = [];
  for (let at = 0; at < count; at += 1) made.push(await member());
  return made;
}

function lineBody(reviewerIds: string[], overrides: Partial<CustodyLineBody> = {}): CustodyLineBody {
  lineCount += 1;
  return {
    name: `Policy line ${lineCount}`,
    adminEmail: 'line@northwind.example',
    currencies: ['USDT'],
    accountIds: [accountId],
    minReviewers: 2,
    reviewerMemberIds: reviewerIds,
    limits: [{ asset: 'USDT', perTransaction: '100', perDay: '1000', perWeek: '5000', perMonth: '10000' }],
    whitelist: [],
    ...overrides,
  };
}

async function addLine(body: CustodyLineBody): Promise<CustodyLine> {
  const answer = await admin.client.post(custodyPaths.lines, body);
  expect(answer.body.code).toBe(0);
  return answer.body.data as CustodyLine;
}

async function edit(line: CustodyLine, body: CustodyLineBody): Promise<CustodyLineEdit> {
  const answer = await admin.client.post(withId(custodyPaths.line, line.id), body);
  expect(answer.body.code).toBe(0);
  return answer.body.data as CustodyLineEdit;
}

async function lineNow(id: string): Promise<CustodyLine> {
  const answer = await admin.client.get(custodyPaths.lines);
  return (answer.body.data as CustodyLine[]).find((line) => line.id === id)!;
}

const approveChange = (who: Member, id: string) => who.client.post(withId(custodyPaths.approveChange, id), { opinion: 'fine' });
const rejectChange = (who: Member, id: string, opinion = 'Too loose') =>
  who.client.post(withId(custodyPaths.rejectChange, id), { opinion });

async function board(): Promise<CustodyChangeBoard> {
  const answer = await admin.client.get(custodyPaths.changeRequests);
  expect(answer.body.code).toBe(0);
  return answer.body.data as CustodyChangeBoard;
}

async function requestNow(id: string): Promise<CustodyChangeRequest> {
  return (await board()).requests.find((request) => request.id === id)!;
}

async function auditOf(subjectKind: string, id: string): Promise<Array<{ action: string; before: unknown; after: unknown }>> {
  return custody.db
    .selectFrom('audit_log')
    .select(['action', 'before', 'after'])
    .where('subject_kind', '=', subjectKind)
    .where('subject_id', '=', id)
    .orderBy('seq')
    .execute() as Promise<Array<{ action: string; before: unknown; after: unknown }>>;
}

function submit(lineId: string, by: Member = submitter) {
  return by.client.post(custodyPaths.orders, {
    requestId: randomUUID(),
    lineId,
    accountId,
    coin: 'USDT',
    chain: 'ethereum',
    amount: '10',
    address,
    note: 'payout',
  });
}

async function approveOrder(who: Member, order: CustodyOrderDetail) {
  const sent = await who.client.post(identityPaths.userCode, { purpose: 'transfer', channel: 'email' });
  expect(sent.body.code).toBe(0);
  const emailCode = await latestCode(custody.app, who.email);
  return who.client.post(withId(custodyPaths.approveOrder, order.order.id), { digest: order.order.digest, emailCode, opinion: 'ok' });
}

async function lastMailTo(to: string): Promise<string> {
  const response = await custody.app.inject({ url: `/dev/outbox?to=${encodeURIComponent(to)}&limit=1` });
  const row = response.json().data[0] as { subject?: string; body?: string } | undefined;
  return `${row?.subject ?? ''}\n${row?.body ?? ''}`;
}

beforeAll(async () => {
  org = await custody.organisation({ tag: 'policy', company: 'Policy Co' });
  const adminMember = await inOrganisation(custody.db, org.orgId, (trx) =>
    trx.selectFrom('custody_member').select('id').where('user_id', '=', org.admin.userId).executeTakeFirstOrThrow(),
  );
  admin = { client: org.admin.client, email: org.admin.email, memberId: adminMember.id, userId: org.admin.userId };
  const opened = await admin.client.post(custodyPaths.accounts, { name: 'Treasury hot', kind: 'hot', tier: 'enterprise' });
  expect(opened.body.code).toBe(0);
  accountId = opened.body.data.id as string;
  const ledger = createLedger(custody.db);
  await ledger.transfer({
    idempotencyKey: 'test-policy-changes-fund',
    billType: 2001,
    from: await ledger.platformAccount('chain', 'USDT'),
    to: await ledger.custodyAccount(accountId, 'USDT'),
    amount: 1_000_000_000_000n,
  });
  submitter = await member('lineAdmin');
}, 120_000);

describe('policy change requests', { timeout: 120_000 }, () => {
  it("applies a line's first configuration at once while none of its reviewers has activated", async () => {
    const invited = [
      await insertConsoleMember(custody.db, org.orgId, { state: 'invited' }),
      await insertConsoleMember(custody.db, org.orgId, { state: 'invited' }),
    ];
    const line = await addLine(lineBody(invited));
    const body = lineBody(invited, { name: line.name, minReviewers: 1, limits: [] });
    const edited = await edit(line, body);
    expect(edited.changeRequest).toMatchObject({ kind: 'policy', state: 'applied' });
    expect(edited.line).toMatchObject({ minReviewers: 1, limits: [] });
    expect((await auditOf('custodyChangeRequest', edited.changeRequest!.id)).map((entry) => entry.action)).toEqual([
      'custody.change.propose',
      'custody.change.apply',
    ]);
  });

  it('sends limits, minimum reviewers, reviewers and whitelist for approval; name, currencies and accounts apply at once', async () => {
    const reviewers = await members(3);
    const ids = reviewers.map((each) => each.memberId);
    const line = await addLine(lineBody(ids));
    const proposed = lineBody(ids, {
      name: 'Renamed desk',
      currencies: ['USDT', 'BTC'],
      minReviewers: 3,
      reviewerMemberIds: [...ids, submitter.memberId],
      limits: [{ asset: 'USDT', perTransaction: '500', perDay: '1000', perWeek: '5000', perMonth: '10000' }],
      whitelist: [{ asset: 'USDT', chain: 'ethereum', address, tag: '', note: 'supplier' }],
    });
    const edited = await edit(line, proposed);
    expect(edited.line).toMatchObject({ name: 'Renamed desk', currencies: ['USDT', 'BTC'], minReviewers: 2, whitelist: [] });
    expect(edited.line.limits[0]).toMatchObject({ perTransaction: '100' });
    const request = edited.changeRequest!;
    expect(request).toMatchObject({
      kind: 'policy',
      lineId: line.id,
      lineName: 'Renamed desk',
      state: 'pending',
      proposer: { memberId: admin.memberId },
      required: 2,
      counted: 0,
    });
    expect(request.before).toMatchObject({ minReviewers: 2, limits: [{ perTransaction: '100' }], whitelist: [] });
    expect(request.after).toMatchObject({ minReviewers: 3, limits: [{ perTransaction: '500' }], whitelist: [{ address }] });
    expect(request.mayApprove.map((each) => each.memberId).sort()).toEqual([...ids].sort());
    // The line's own policy is untouched until the quorum approves.
    expect((await lineNow(line.id)).reviewerMemberIds).toEqual([...ids].sort((a, b) => Number(a) - Number(b)));

    // The same policy again proposes nothing.
    const again = await edit(line, { ...lineBody(ids), name: 'Renamed desk', currencies: ['USDT', 'BTC'] });
    expect(again.changeRequest).toBeNull();

    expect((await approveChange(reviewers[0]!, request.id)).body.code).toBe(0);
    const applied = await approveChange(reviewers[1]!, request.id);
    expect(applied.body.code).toBe(0);
    // Applied: the line's minimum reviewers (what `required` shows from now on) is the new one.
    expect(applied.body.data).toMatchObject({ state: 'applied', counted: 2, required: 3 });
    const after = await lineNow(line.id);
    expect(after).toMatchObject({ minReviewers: 3, whitelist: [{ address, note: 'supplier' }], limits: [{ perTransaction: '500' }] });
    expect(after.reviewerMemberIds).toContain(submitter.memberId);
    const audit = await auditOf('custodyChangeRequest', request.id);
    expect(audit.map((entry) => entry.action)).toEqual([
      'custody.change.propose',
      'custody.change.approve',
      'custody.change.approve',
      'custody.change.apply',
    ]);
    expect(audit[3]).toMatchObject({ before: { minReviewers: 2 }, after: { state: 'applied', applied: { minReviewers: 3 } } });
    // A decided request takes no further decision.
    expect((await approveChange(reviewers[2]!, request.id)).body.code).toBe(codeOf('custodyChangeNotOpen'));
  });

  it('refuses the proposer (the database too), a member outside the line and a second decision; a frozen approver does not count', async () => {
    const reviewers = await members(3);
    const outsider = await member();
    const line = await addLine(lineBody([...reviewers.map((each) => each.memberId), admin.memberId]));
    const { changeRequest } = await edit(line, {
      ...lineBody([...reviewers.map((each) => each.memberId), admin.memberId]),
      name: line.name,
      limits: [],
    });
    const id = changeRequest!.id;
    // The admin proposed it and reviews the line: its own approval is refused, by the code and by the CHECK.
    expect((await approveChange(admin, id)).body.code).toBe(codeOf('custodyChangeOwnApproval'));
    expect((await rejectChange(admin, id)).body.code).toBe(codeOf('custodyChangeOwnApproval'));
    await expect(
      inOrganisation(custody.db, org.orgId, (trx) =>
        trx
          .insertInto('custody_change_approval')
          .values({
            org_id: org.orgId,
            request_id: id,
            member_id: admin.memberId,
            proposer_member_id: admin.memberId,
            decision: 'approve',
            opinion: '',
          })
          .execute(),
      ),
    ).rejects.toMatchObject({ code: '23514' });
    expect((await approveChange(outsider, id)).body.code).toBe(codeOf('custodyChangeNotReviewer'));
    expect((await approveChange(reviewers[0]!, id)).body.code).toBe(0);
    expect((await approveChange(reviewers[0]!, id)).body.code).toBe(codeOf('custodyChangeAlreadyDecided'));

    // The first approver is frozen: its approval stops counting, and the next one does not complete the quorum.
    await sql`update custody_member set state = 'frozen', frozen_at = now() where id = ${reviewers[0]!.memberId}`.execute(custody.db);
    const second = await approveChange(reviewers[1]!, id);
    expect(second.body.data).toMatchObject({ state: 'pending', counted: 1, required: 2 });
    expect((second.body.data as CustodyChangeRequest).approvals.find((each) => each.memberId === reviewers[0]!.memberId)?.counts).toBe(
      false,
    );
    expect((await lineNow(line.id)).limits).toHaveLength(1);
    const third = await approveChange(reviewers[2]!, id);
    expect(third.body.data).toMatchObject({ state: 'applied', counted: 2 });
    expect((await lineNow(line.id)).limits).toEqual([]);
  });

  it("ends at an eligible reviewer's rejection, which needs an opinion", async () => {
    const reviewers = await members(2);
    const ids = reviewers.map((each) => each.memberId);
    const line = await addLine(lineBody(ids));
    const { changeRequest } = await edit(line, { ...lineBody(ids), name: line.name, minReviewers: 1 });
    expect((await rejectChange(reviewers[0]!, changeRequest!.id, '  ')).body.code).toBe(codeOf('custodyChangeOpinionInvalid'));
    const rejected = await rejectChange(reviewers[0]!, changeRequest!.id);
    expect(rejected.body.data).toMatchObject({ state: 'rejected', approvals: [{ decision: 'reject', opinion: 'Too loose' }] });
    expect((await approveChange(reviewers[1]!, changeRequest!.id)).body.code).toBe(codeOf('custodyChangeNotOpen'));
    expect((await lineNow(line.id)).minReviewers).toBe(2);
    expect((await auditOf('custodyChangeRequest', changeRequest!.id)).map((entry) => entry.action)).toEqual([
      'custody.change.propose',
      'custody.change.reject',
    ]);
  });

  it('refuses a request whose line changed meanwhile as stale, and closes it', async () => {
    const reviewers = await members(2);
    const ids = reviewers.map((each) => each.memberId);
    const line = await addLine(lineBody(ids));
    const first = (await edit(line, { ...lineBody(ids), name: line.name, limits: [] })).changeRequest!;
    const second = (await edit(line, { ...lineBody(ids), name: line.name, minReviewers: 1 })).changeRequest!;
    for (const reviewer of reviewers) expect((await approveChange(reviewer, first.id)).body.code).toBe(0);
    expect((await approveChange(reviewers[0]!, second.id)).body.code).toBe(0);
    expect((await approveChange(reviewers[1]!, second.id)).body.code).toBe(codeOf('custodyChangeStale'));
    expect(await requestNow(second.id)).toMatchObject({ state: 'stale' });
    expect(await lineNow(line.id)).toMatchObject({ minReviewers: 2, limits: [] });
    expect((await auditOf('custodyChangeRequest', second.id)).map((entry) => entry.action)).toContain('custody.change.stale');
  });

  it('applies a change once when 100 approvals race for it', async () => {
    const reviewers = await members(10);
    const ids = reviewers.map((each) => each.memberId);
    const line = await addLine(lineBody(ids, { minReviewers: 3 }));
    const { changeRequest } = await edit(line, { ...lineBody(ids, { minReviewers: 3 }), name: line.name, limits: [] });
    const answers = await Promise.all(Array.from({ length: 100 }, (_, at) => approveChange(reviewers[at % 10]!, changeRequest!.id)));
    const codes = answers.map((answer) => answer.body.code);
    expect(codes.filter((code) => code === 0)).toHaveLength(3);
    const refusals: number[] = [codeOf('custodyChangeNotOpen'), codeOf('custodyChangeAlreadyDecided')];
    expect(codes.filter((code) => code !== 0 && !refusals.includes(code))).toEqual([]);
    const decisions = await inOrganisation(custody.db, org.orgId, (trx) =>
      trx.selectFrom('custody_change_approval').select('member_id').where('request_id', '=', changeRequest!.id).execute(),
    );
    expect(decisions).toHaveLength(3);
    const audit = await auditOf('custodyChangeRequest', changeRequest!.id);
    expect(audit.filter((entry) => entry.action === 'custody.change.apply')).toHaveLength(1);
    expect(await requestNow(changeRequest!.id)).toMatchObject({ state: 'applied', counted: 3 });
    expect((await lineNow(line.id)).limits).toEqual([]);
  });
});

describe('the asymmetric freeze', { timeout: 120_000 }, () => {
  it('freezes a line at once (submissions and approvals stop, admins are e-mailed); unfreezing waits for the quorum', async () => {
    const reviewers = await members(3);
    const line = await addLine(
      lineBody(
        reviewers.map((each) => each.memberId),
        { limits: [] },
      ),
    );
    const placed = await submit(line.id);
    expect(placed.body.code).toBe(0);
    const order = placed.body.data as CustodyOrderDetail;

    const frozen = await reviewers[0]!.client.post(withId(custodyPaths.freezeLine, line.id), {});
    expect(frozen.body.code).toBe(0);
    expect((frozen.body.data as CustodyLine).frozenAt).not.toBeNull();
    expect((await reviewers[1]!.client.post(withId(custodyPaths.freezeLine, line.id), {})).body.code).toBe(codeOf('custodyAlreadyFrozen'));
    expect(await lastMailTo(admin.email)).toContain(line.name);
    expect((await auditOf('custodyLine', line.id)).map((entry) => entry.action)).toContain('custody.line.freeze');

    expect((await submit(line.id)).body.code).toBe(codeOf('custodyPolicyLineFrozen'));
    expect((await approveOrder(reviewers[1]!, order)).body.code).toBe(codeOf('custodyPolicyLineFrozen'));
    const why = (await admin.client.get(withId(custodyPaths.order, order.order.id))).body.data as CustodyOrderDetail;
    expect(why.policy).toMatchObject({ verdict: 'refused', rule: 'lineFrozen', code: codeOf('custodyPolicyLineFrozen') });

    // Unfreezing is a request: the line stays frozen until two reviewers other than the proposer approve.
    const asked = await reviewers[0]!.client.post(withId(custodyPaths.unfreezeLine, line.id), {});
    expect(asked.body.data).toMatchObject({ kind: 'unfreeze', state: 'pending', required: 2, after: { frozenAt: null } });
    const unfreeze = asked.body.data as CustodyChangeRequest;
    expect((await approveChange(reviewers[0]!, unfreeze.id)).body.code).toBe(codeOf('custodyChangeOwnApproval'));
    expect((await approveChange(reviewers[1]!, unfreeze.id)).body.data).toMatchObject({ state: 'pending', counted: 1 });
    expect((await submit(line.id)).body.code).toBe(codeOf('custodyPolicyLineFrozen'));
    expect((await approveChange(reviewers[2]!, unfreeze.id)).body.data).toMatchObject({ state: 'applied' });
    expect((await lineNow(line.id)).frozenAt).toBeNull();
    expect((await submit(line.id)).body.code).toBe(0);
    expect((await reviewers[0]!.client.post(withId(custodyPaths.unfreezeLine, line.id), {})).body.code).toBe(codeOf('custodyNotFrozen'));
    expect((await auditOf('custodyChangeRequest', unfreeze.id)).map((entry) => entry.action)).toEqual([
      'custody.change.propose',
      'custody.change.approve',
      'custody.change.approve',
      'custody.change.apply',
    ]);
  });

  it('is for members holding review; a member without it may not freeze', async () => {
    const line = await addLine(lineBody((await members(2)).map((each) => each.memberId)));
    const salesperson = await member('approver');
    await sql`update custody_member set role_id = (select id from custody_role where org_id = ${org.orgId} and built_in = 'salesperson') where id = ${salesperson.memberId}`.execute(
      custody.db,
    );
    expect((await salesperson.client.post(withId(custodyPaths.freezeLine, line.id), {})).body.code).toBe(codeOf('noPermission'));
    expect((await salesperson.client.post(custodyPaths.freezeOrganisation, {})).body.code).toBe(codeOf('noPermission'));
    expect((await lineNow(line.id)).frozenAt).toBeNull();
  });

  it('freezes the organisation at once; unfreezing needs the highest minimum reviewers among its lines', async () => {
    const reviewers = await members(4);
    const ids = reviewers.map((each) => each.memberId);
    const line = await addLine(lineBody(ids, { minReviewers: 3, limits: [] }));
    const placed = await submit(line.id);
    expect(placed.body.code).toBe(0);

    const frozen = await reviewers[0]!.client.post(custodyPaths.freezeOrganisation, {});
    expect(frozen.body.code).toBe(0);
    expect((await board()).organisationFrozenAt).toBe((frozen.body.data as { frozenAt: string }).frozenAt);
    expect(await lastMailTo(admin.email)).toContain('Policy Co');
    expect((await auditOf('custodyOrganisation', org.orgId)).map((entry) => entry.action)).toEqual(['custody.organisation.freeze']);
    expect((await submit(line.id)).body.code).toBe(codeOf('custodyPolicyOrganisationFrozen'));
    expect((await approveOrder(reviewers[1]!, placed.body.data as CustodyOrderDetail)).body.code).toBe(
      codeOf('custodyPolicyOrganisationFrozen'),
    );

    const asked = await reviewers[0]!.client.post(custodyPaths.unfreezeOrganisation, {});
    const unfreeze = asked.body.data as CustodyChangeRequest;
    expect(unfreeze).toMatchObject({ kind: 'unfreeze', lineId: null, state: 'pending', required: 3 });
    expect((await approveChange(reviewers[1]!, unfreeze.id)).body.data).toMatchObject({ state: 'pending', counted: 1 });
    expect((await approveChange(reviewers[2]!, unfreeze.id)).body.data).toMatchObject({ state: 'pending', counted: 2 });
    expect((await submit(line.id)).body.code).toBe(codeOf('custodyPolicyOrganisationFrozen'));
    expect((await approveChange(reviewers[3]!, unfreeze.id)).body.data).toMatchObject({ state: 'applied', counted: 3 });
    expect((await board()).organisationFrozenAt).toBeNull();
    expect((await submit(line.id)).body.code).toBe(0);
  });

  it('freezes once under 100 parallel freezes of a line, and of the organisation: one record, one e-mail each, the rest refused', async () => {
    const reviewers = await members(4);
    const line = await addLine(lineBody(reviewers.map((each) => each.memberId)));
    const mailsTo = async (to: string) =>
      ((await custody.app.inject({ url: `/dev/outbox?to=${encodeURIComponent(to)}&limit=200` })).json().data as unknown[]).length;
    const mailsBefore = await mailsTo(admin.email);
    const orgFreezes = async () =>
      (await auditOf('custodyOrganisation', org.orgId)).filter((entry) => entry.action === 'custody.organisation.freeze').length;
    const orgFreezesBefore = await orgFreezes();

    const lineAnswers = await Promise.all(
      Array.from({ length: 100 }, (_, index) => reviewers[index % 4]!.client.post(withId(custodyPaths.freezeLine, line.id), {})),
    );
    const lineCodes = lineAnswers.map((answer) => answer.body.code);
    expect(lineCodes.filter((code) => code === 0)).toHaveLength(1);
    expect(lineCodes.filter((code) => code === codeOf('custodyAlreadyFrozen'))).toHaveLength(99);
    expect((await auditOf('custodyLine', line.id)).filter((entry) => entry.action === 'custody.line.freeze')).toHaveLength(1);
    expect((await lineNow(line.id)).frozenAt).not.toBeNull();

    const orgAnswers = await Promise.all(
      Array.from({ length: 100 }, (_, index) => reviewers[index % 4]!.client.post(custodyPaths.freezeOrganisation, {})),
    );
    const orgCodes = orgAnswers.map((answer) => answer.body.code);
    expect(orgCodes.filter((code) => code === 0)).toHaveLength(1);
    expect(orgCodes.filter((code) => code === codeOf('custodyAlreadyFrozen'))).toHaveLength(99);
    expect((await orgFreezes()) - orgFreezesBefore).toBe(1);
    const frozenAt = (orgAnswers.find((answer) => answer.body.code === 0)!.body.data as { frozenAt: string }).frozenAt;
    expect((await board()).organisationFrozenAt).toBe(frozenAt);
    // The admin heard once of each freeze.
    expect((await mailsTo(admin.email)) - mailsBefore).toBe(2);

    // The later tests' organisation is not frozen: thawed as an approved unfreeze would, minus its quorum (tested above).
    await sql`update custody_org set frozen_at = null where id = ${org.orgId}`.execute(custody.db);
  });
});
