import { createHash, randomUUID } from 'node:crypto';
import {
  custodyPaths,
  errorCatalogue,
  identityPaths,
  type CustodyApprovalOptions,
  type CustodyLineBody,
  type CustodyOrderDetail,
} from '@coffer/contract';
import { sql } from 'kysely';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { TestOrganisation } from '../../../test/custody-kit';
import { withId } from '../../../test/custody-members-kit';
import { custodyTestBed } from '../../../test/custody-setup-kit';
import { latestCode, type identityClient } from '../../../test/identity-helpers';
import { codeFailures, forgetFailures, seedPasskey } from '../../../test/passkey-kit';
import { softwareAuthenticator, type SoftwareAuthenticator } from '../../../test/software-authenticator';
import { createLedger } from '../ledger/ledger.service';
import { createOrderNotices } from './order-notices';
import { approvalChallenge } from './order-review.service';

/**
 * Approvals bound to the exact payload (issue 18 item 3) and the review e-mails (item 11), on
 * real PostgreSQL with a software authenticator: where the organisation requires hardware keys
 * an approval carries an assertion over SHA-256("coffer-custody-approval:" id ":" digest ":"
 * nonce); a wrong digest, another order's assertion, a replay, a regressed counter, someone
 * else's key and a bad signature are each refused with their code, counted as a failed attempt,
 * and write nothing; 20 concurrent keyed approvals count once each. Reviewers are mailed when an
 * order or a batch awaits them (once per batch), the submitter on approval and rejection.
 */
type Client = ReturnType<typeof identityClient>;
interface Member {
  client: Client;
  email: string;
  userId: string;
  memberId: string;
  key: SoftwareAuthenticator;
}

const custody = custodyTestBed();
const codeOf = (key: keyof typeof errorCatalogue) => errorCatalogue[key].code;
const first = '0x52908400098527886E0F7030069857D2E4169EE7';

let org: TestOrganisation;
let admin: Client;
let accountId: string;
let submitter: Member;
let reviewers: Member[];

async function member(role: 'approver' | 'lineAdmin' = 'approver', keyName = 'YubiKey 5C'): Promise<Member> {
  const added = await custody.consoleMember(org.orgId, 'signed', role);
  const key = softwareAuthenticator();
  await seedPasskey(custody.db, added.userId, key, keyName);
  return { ...added, key };
}

async function addLine(body: Partial<CustodyLineBody> & { name: string }): Promise<string> {
  const answer = await admin.post(custodyPaths.lines, {
    adminEmail: 'line@northwind.example',
    currencies: ['USDT'],
    accountIds: [accountId],
    minReviewers: 2,
    reviewerMemberIds: reviewers.map((each) => each.memberId),
    limits: [],
    whitelist: [],
    ...body,
  });
  expect(answer.body.code, answer.body.msg).toBe(0);
  return answer.body.data.id as string;
}

async function submitted(lineId: string, amount = '10'): Promise<CustodyOrderDetail> {
  const answer = await submitter.client.post(custodyPaths.orders, {
    requestId: randomUUID(),
    lineId,
    accountId,
    coin: 'USDT',
    chain: 'ethereum',
    amount,
    address: first,
    note: 'payout',
  });
  expect(answer.body.code, answer.body.msg).toBe(0);
  return answer.body.data as CustodyOrderDetail;
}

async function optionsFor(who: Member, order: CustodyOrderDetail): Promise<CustodyApprovalOptions> {
  const answer = await who.client.post(withId(custodyPaths.approvalOptions, order.order.id));
  expect(answer.body.code, answer.body.msg).toBe(0);
  return answer.body.data as CustodyApprovalOptions;
}

/** Options, then the key's assertion over their challenge: what the browser does. */
async function signed(who: Member, order: CustodyOrderDetail, key = who.key) {
  const options = await optionsFor(who, order);
  return { nonce: options.nonce, passkey: key.assert(options.publicKey as { challenge: string }) };
}

function approveWith(who: Member, order: CustodyOrderDetail, proof: { nonce: string; passkey: Record<string, unknown> }) {
  return who.client.post(withId(custodyPaths.approveOrder, order.order.id), { digest: order.order.digest, opinion: 'checked', ...proof });
}

async function detail(id: string): Promise<CustodyOrderDetail> {
  const answer = await admin.get(withId(custodyPaths.order, id));
  expect(answer.body.code).toBe(0);
  return answer.body.data as CustodyOrderDetail;
}

/** The review e-mails `email` got (each links to the orders), oldest first; not the codes. */
async function mailsTo(email: string): Promise<Array<{ subject: string; body: string }>> {
  return custody.db
    .selectFrom('dev_outbox')
    .select(['subject', 'body'])
    .where('recipient', '=', email)
    .where('body', 'like', '%/custody/withdrawOrders%')
    .orderBy('id')
    .execute();
}

beforeAll(async () => {
  org = await custody.organisation({ tag: 'signed', company: 'Signed Co' });
  admin = org.admin.client;
  const opened = await admin.post(custodyPaths.accounts, { name: 'Treasury hot', kind: 'hot', tier: 'enterprise' });
  expect(opened.body.code).toBe(0);
  accountId = opened.body.data.id as string;
  const ledger = createLedger(custody.db);
  await ledger.transfer({
    idempotencyKey: 'test-custody-signed-fund',
    billType: 2001,
    from: await ledger.platformAccount('chain', 'USDT'),
    to: await ledger.custodyAccount(accountId, 'USDT'),
    amount: 1_000_000_000_000n,
  });
  submitter = await member('lineAdmin');
  await sql`update custody_org set require_hardware_key = true where id = ${org.orgId}`.execute(custody.db);
}, 120_000);

beforeEach(async () => {
  reviewers = [await member(), await member(), await member()];
}, 60_000);

describe('an approval signed by a security key', { timeout: 60_000 }, () => {
  it('binds the assertion to the order digest, stores it, and shows the key and signature on the timeline', async () => {
    const lineId = await addLine({ name: 'Signed line' });
    const order = await submitted(lineId);
    const options = await optionsFor(reviewers[0]!, order);
    expect(options.digest).toBe(order.order.digest);
    expect(options.publicKey.challenge).toBe(approvalChallenge(order.order.id, order.order.digest, options.nonce));
    const passkey = reviewers[0]!.key.assert(options.publicKey as { challenge: string });

    const answer = await approveWith(reviewers[0]!, order, { nonce: options.nonce, passkey });
    expect(answer.body.code, answer.body.msg).toBe(0);
    const shown = (answer.body.data as CustodyOrderDetail).approvals;
    const response = passkey.response as Record<string, string>;
    expect(shown).toEqual([
      expect.objectContaining({
        memberId: reviewers[0]!.memberId,
        decision: 'approve',
        digest: order.order.digest,
        method: 'passkey',
        credentialName: 'YubiKey 5C',
        signature: {
          credentialId: reviewers[0]!.key.credentialId,
          signature: response.signature,
          authenticatorData: response.authenticatorData,
          clientDataJSON: response.clientDataJSON,
        },
        counts: true,
      }),
    ]);
    // The second approval completes the quorum; both are keyed.
    expect((await approveWith(reviewers[1]!, order, await signed(reviewers[1]!, order))).body.code).toBe(0);
    const done = await detail(order.order.id);
    expect(done.order.state).toBe('sending');
    expect(done.approvals.map((approval) => approval.method)).toEqual(['passkey', 'passkey']);
  });

  it('is required where the organisation requires keys: a second factor alone is refused and writes nothing', async () => {
    const lineId = await addLine({ name: 'Keys only line' });
    const order = await submitted(lineId);
    const sent = await reviewers[0]!.client.post(identityPaths.userCode, { purpose: 'transfer', channel: 'email' });
    expect(sent.body.code).toBe(0);
    const emailCode = await latestCode(custody.app, reviewers[0]!.email);
    const answer = await reviewers[0]!.client.post(withId(custodyPaths.approveOrder, order.order.id), {
      digest: order.order.digest,
      emailCode,
    });
    expect(answer.body.code).toBe(codeOf('custodyApprovalSignatureRequired'));
    expect((await detail(order.order.id)).approvals).toEqual([]);
  });

  it('is refused, counted as a failed attempt and nothing written, for each wrong assertion', async () => {
    const lineId = await addLine({ name: 'Refusals line' });
    const order = await submitted(lineId);
    const other = await submitted(lineId, '11');
    const [reviewer, stranger] = reviewers as [Member, Member, Member];
    const refusedWith = async (proof: { nonce: string; passkey: Record<string, unknown> }, key: keyof typeof errorCatalogue) => {
      const before = await codeFailures(custody.db, reviewer.userId);
      const answer = await approveWith(reviewer, order, proof);
      expect(answer.body.code, answer.body.msg).toBe(codeOf(key));
      expect(await codeFailures(custody.db, reviewer.userId)).toBe(before + 1);
      expect((await detail(order.order.id)).approvals).toEqual([]);
      // Below the account's five failures a quarter of an hour, so each case is seen on its own.
      await forgetFailures(custody.db, reviewer.userId);
    };

    // A wrong digest: the key signed the challenge of a payload that is not this order's.
    const options = await optionsFor(reviewer, order);
    const forged = approvalChallenge(order.order.id, 'f'.repeat(64), options.nonce);
    await refusedWith({ nonce: options.nonce, passkey: reviewer.key.assert({ challenge: forged }) }, 'custodyApprovalPayloadMismatch');

    // An assertion over another order's digest, sent with that order's nonce.
    await refusedWith(await signed(reviewer, other), 'custodyApprovalPayloadMismatch');

    // Someone else's key (registered, but to another member).
    await refusedWith(await signed(reviewer, order, stranger.key), 'custodyApprovalKeyNotYours');

    // A signature that does not verify.
    const tampered = await signed(reviewer, order);
    const response = tampered.passkey.response as Record<string, string>;
    const signature = Buffer.from(response.signature!, 'base64url');
    signature.writeUInt8(signature.readUInt8(signature.length - 1) ^ 0xff, signature.length - 1);
    await refusedWith(
      { ...tampered, passkey: { ...tampered.passkey, response: { ...response, signature: signature.toString('base64url') } } },
      'custodyApprovalSignatureRequired',
    );

    // An expired challenge (its 5 minutes over).
    const late = await signed(reviewer, order);
    await sql`update passkey_challenge set expires_at = now() - interval '1 second' where user_id = ${reviewer.userId}`.execute(custody.db);
    await refusedWith(late, 'custodyApprovalSignatureReused');

    // A regressed signature counter: an assertion made before (a replay or a cloned key).
    const fresh = await signed(reviewer, order);
    expect((await approveWith(reviewer, other, await signed(reviewer, other))).body.code).toBe(0);
    const replayed = await optionsFor(reviewer, order);
    await refusedWith(
      { nonce: replayed.nonce, passkey: reviewer.key.assert(replayed.publicKey as { challenge: string }, { counter: 1 }) },
      'custodyApprovalSignatureReused',
    );
    // The earlier assertion, made before the counter moved on, is a replay too.
    await refusedWith(fresh, 'custodyApprovalSignatureReused');
  });

  it('20 copies of one assertion sent at once approve once; the others are replays', async () => {
    const lineId = await addLine({ name: 'Replay line' });
    const order = await submitted(lineId);
    const proof = await signed(reviewers[0]!, order);
    const answers = await Promise.all(Array.from({ length: 20 }, () => approveWith(reviewers[0]!, order, proof)));
    const codes = answers.map((answer) => answer.body.code as number);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes).toContain(codeOf('custodyApprovalSignatureReused'));
    // A copy is a replay, one that arrives after the decision finds it decided, and past the
    // account's five failures the attempt limiter locks the checks.
    const refusals: number[] = [codeOf('custodyApprovalSignatureReused'), codeOf('custodyOrderAlreadyDecided'), codeOf('accountLocked')];
    expect(codes.filter((code) => code !== 0).every((code) => refusals.includes(code))).toBe(true);
    expect((await detail(order.order.id)).approvals).toHaveLength(1);
    await forgetFailures(custody.db, reviewers[0]!.userId);
  });

  it('20 reviewers approving one order at once with their keys are each counted once; the quorum completes once', async () => {
    const crowd: Member[] = [];
    for (let at = 0; at < 20; at += 1) crowd.push(await member());
    const lineId = await addLine({ name: 'Signed crowd line', minReviewers: 5, reviewerMemberIds: crowd.map((each) => each.memberId) });
    const order = await submitted(lineId);
    const proofs = await Promise.all(crowd.map((each) => signed(each, order)));
    const answers = await Promise.all(crowd.map((each, at) => approveWith(each, order, proofs[at]!)));
    expect(answers.filter((answer) => answer.body.code === 0)).toHaveLength(5);
    expect(answers.filter((answer) => answer.body.code === codeOf('custodyOrderNotOpen'))).toHaveLength(15);
    const done = await detail(order.order.id);
    expect(done.order.state).toBe('sending');
    expect(done.approvals).toHaveLength(5);
    expect(new Set(done.approvals.map((approval) => approval.memberId)).size).toBe(5);
    expect(done.approvals.every((approval) => approval.method === 'passkey' && approval.counts)).toBe(true);
    const completions = await sql<{ count: string }>`
      select count(*)::text as count from audit_log
       where action = 'custody.order.approve' and subject_id = ${order.order.id} and after->>'state' = 'sending'`.execute(custody.db);
    expect(completions.rows[0]!.count).toBe('1');
  });
});

describe('review e-mails', { timeout: 60_000 }, () => {
  it('mail each reviewer of the line when an order awaits them, and the submitter when the quorum is in', async () => {
    const lineId = await addLine({ name: 'Mailed line' });
    const order = await submitted(lineId, '12.5');
    for (const reviewer of reviewers) {
      const mails = await mailsTo(reviewer.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.subject).toBe(`Coffer: withdrawal order ${order.order.serialNo} awaits your review`);
      expect(mails[0]!.body).toContain(`12.5 USDT to ${first} on the business line Mailed line`);
      expect(mails[0]!.body).toContain(`/custody/withdrawOrders/${order.order.id}/review`);
    }
    const before = (await mailsTo(submitter.email)).length;
    expect((await approveWith(reviewers[0]!, order, await signed(reviewers[0]!, order))).body.code).toBe(0);
    expect(await mailsTo(submitter.email)).toHaveLength(before);
    expect((await approveWith(reviewers[1]!, order, await signed(reviewers[1]!, order))).body.code).toBe(0);
    const mails = await mailsTo(submitter.email);
    expect(mails).toHaveLength(before + 1);
    expect(mails.at(-1)!.subject).toBe(`Coffer: withdrawal order ${order.order.serialNo} approved`);
  });

  it('mail the submitter the rejection with its opinion, in the submitter’s language', async () => {
    const lineId = await addLine({ name: 'Rejected line' });
    const order = await submitted(lineId);
    await custody.db.updateTable('app_user').set({ language: 'zh-CN' }).where('id', '=', submitter.userId).execute();
    try {
      const rejected = await reviewers[2]!.client.post(withId(custodyPaths.rejectOrder, order.order.id), { opinion: 'Address unknown' });
      expect(rejected.body.code).toBe(0);
    } finally {
      await custody.db.updateTable('app_user').set({ language: null }).where('id', '=', submitter.userId).execute();
    }
    const mail = (await mailsTo(submitter.email)).at(-1)!;
    expect(mail.subject).toBe(`Coffer：提币订单 ${order.order.serialNo} 已被驳回`);
    expect(mail.body).toContain('Address unknown');
  });

  it('mail each reviewer once for a whole batch, not once per row', async () => {
    const lineId = await addLine({ name: 'Batch mail line' });
    const csv = `coin,network,amount,address,tag,note\r\n${[1, 2, 3].map((at) => `USDT,ethereum,${at},${first},,row ${at}`).join('\r\n')}\r\n`;
    const answer = await submitter.client.post(custodyPaths.batches, {
      lineId,
      accountId,
      fileName: 'payouts.csv',
      content: Buffer.from(csv).toString('base64'),
      requestId: randomUUID(),
    });
    expect(answer.body.code, answer.body.msg).toBe(0);
    for (const reviewer of reviewers) {
      const mails = await mailsTo(reviewer.email);
      expect(mails.map((mail) => mail.subject)).toEqual(['Coffer: a batch of 3 withdrawal orders awaits your review']);
    }
  });

  it('a failing mail service loses the e-mail and never fails the call, which runs after the decision committed', async () => {
    const lineId = await addLine({ name: 'Failing mail line' });
    const order = await submitted(lineId);
    const failing = createOrderNotices({
      db: custody.db,
      config: { PUBLIC_ORIGIN: undefined, PORT: 8080 },
      assets: { scaleOf: async () => 6 },
      identity: { noticeRecipient: async () => ({ email: 'x@example.com', language: null }) },
      messenger: { send: () => Promise.reject(new Error('SMTP down')) },
    });
    await expect(failing.orderAwaitingReview(org.orgId, 'Signed Co', order.order.id, 'en')).resolves.toBeUndefined();
    await expect(failing.orderDecided(org.orgId, order.order.id, { outcome: 'approved' }, 'en')).resolves.toBeUndefined();
    await expect(failing.batchAwaitingReview(org.orgId, 'Signed Co', '999999', 'en')).resolves.toBeUndefined();
  });
});

describe('the approval challenge', () => {
  it('is SHA-256 of coffer-custody-approval:<id>:<digest>:<nonce>, base64url', () => {
    const expected = createHash('sha256')
      .update(`coffer-custody-approval:7:${'a'.repeat(64)}:nonce-123456789012`)
      .digest('base64url');
    expect(approvalChallenge('7', 'a'.repeat(64), 'nonce-123456789012')).toBe(expected);
  });
});
