import { adminConsolePaths, errorCatalogue, identityPaths, pathWith, walletPaths } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createAuditModule } from '../audit';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { identityClient, latestCode, signUpByEmail, testPassword, type ApiAnswer } from '../../../test/identity-helpers';
import { signInOperator, type TestOperator } from '../../../test/operator-kit';
import { fundPassword, withdrawalCustomer, type WithdrawalCustomer } from '../../../test/withdrawal-kit';

let database: TestDatabase;
let app: FastifyInstance;
let superAdmin: TestOperator;
let support: TestOperator;
let finance: TestOperator;
let compliance: TestOperator;
let alice: WithdrawalCustomer;
let counter = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database.db);
  const signIn = (role: 'superAdmin' | 'support' | 'finance' | 'compliance') => signInOperator(app, database.db, { role });
  [superAdmin, support, finance, compliance] = await Promise.all([
    signIn('superAdmin'),
    signIn('support'),
    signIn('finance'),
    signIn('compliance'),
  ]);
  alice = await withdrawalCustomer(app, database.db);
  await alice.credit('ETH', 1_500_000_000_000_000_000n, 'backoffice-alice-1');
}, 120_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

const customerPath = (userId: string) => pathWith(adminConsolePaths.customer, { userId });
const lockPath = (userId: string) => pathWith(adminConsolePaths.lockCustomer, { userId });
const unlockPath = (userId: string) => pathWith(adminConsolePaths.unlockCustomer, { userId });

async function asOperator(operator: TestOperator | null, method: 'GET' | 'POST', url: string, payload?: object): Promise<ApiAnswer> {
  const response = await app.inject({
    method,
    url,
    headers: { 'user-agent': 'backoffice-test', ...(operator ? { cookie: operator.cookie } : {}) },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, body: response.json() as ApiAnswer['body'] };
}

async function newCustomer() {
  counter += 1;
  const email = `backoffice${counter}-${Date.now() % 100000}@coffer.test`;
  const { client, userNo } = await signUpByEmail(app, email);
  const { id } = await database.db.selectFrom('app_user').select('id').where('user_no', '=', userNo).executeTakeFirstOrThrow();
  return { client, email, userNo, userId: id };
}

async function auditRows(query: Record<string, string>) {
  const answer = await asOperator(superAdmin, 'GET', `${adminConsolePaths.audit}?${new URLSearchParams(query).toString()}`);
  expect(answer.body.code).toBe(0);
  return answer.body.data as { total: number; rows: Array<Record<string, unknown>> };
}

describe('the guard', () => {
  it('lets a customer session (or nobody) reach none of the calls', async () => {
    const calls: Array<['GET' | 'POST', string, object?]> = [
      ['GET', `${adminConsolePaths.customers}?q=${alice.userNo}`],
      ['GET', customerPath(alice.userId)],
      ['POST', lockPath(alice.userId), { reason: 'x' }],
      ['POST', unlockPath(alice.userId), { reason: 'x' }],
      ['GET', adminConsolePaths.audit],
      ['GET', adminConsolePaths.auditExport],
      ['POST', adminConsolePaths.auditVerify],
      ['GET', adminConsolePaths.reconciliationHistory],
    ];
    for (const [method, url, payload] of calls) {
      const asCustomer = await alice.client.call(method, url, payload);
      expect(asCustomer.status, url).toBe(401);
      expect(asCustomer.body.code, url).toBe(errorCatalogue.operatorLoginRequired.code);
      expect((await asOperator(null, method, url, payload)).status, url).toBe(401);
    }
    expect((await alice.client.get(identityPaths.userInfo)).status).toBe(200);
  });
});

describe('customers', () => {
  it('are found by user number, id, e-mail in any case, and phone with or without the dial code', async () => {
    const { phone } = await database.db.selectFrom('app_user').select('phone').where('id', '=', alice.userId).executeTakeFirstOrThrow();
    const queries = [alice.userNo, `CF${alice.userNo}`, alice.userId, alice.email.toUpperCase(), `+49 ${phone}`, `49${phone}`, phone!];
    for (const q of queries) {
      const answer = await asOperator(support, 'GET', `${adminConsolePaths.customers}?q=${encodeURIComponent(q)}`);
      expect(answer.body.code, q).toBe(0);
      expect(answer.body.data, q).toEqual([
        expect.objectContaining({
          userId: alice.userId,
          userNo: alice.userNo,
          email: alice.email,
          phone: `+49${phone}`,
          kycLevel: 1,
          lockedAt: null,
        }),
      ]);
    }
    expect((await asOperator(support, 'GET', `${adminConsolePaths.customers}?q=nobody%40coffer.test`)).body.data).toEqual([]);
  });

  it('show a profile with balances, KYC and histories, and record who looked', async () => {
    const answer = await asOperator(finance, 'GET', customerPath(alice.userId));
    expect(answer.body.code).toBe(0);
    const profile = answer.body.data;
    expect(profile).toMatchObject({
      userId: alice.userId,
      userNo: alice.userNo,
      kycLevel: 1,
      residenceCountry: 'DE',
      fundPasswordSet: true,
      authenticatorBound: true,
      lockedAt: null,
      lockReason: null,
      balances: [{ coin: 'ETH', available: '1.5', frozen: '0' }],
      kycApplications: [],
    });
    expect(profile.securityHistory.map((entry: { kind: string }) => entry.kind)).toEqual(
      expect.arrayContaining(['register', 'bindAuthenticator', 'setPaymentPassword']),
    );
    expect(profile.loginHistory.length).toBeGreaterThan(0);
    const viewed = await auditRows({ action: 'customer.view', subjectId: alice.userId, actorId: finance.id });
    expect(viewed.total).toBe(1);
    expect(viewed.rows[0]).toMatchObject({ actorKind: 'operator', subjectKind: 'customer', ip: '127.0.0.1' });
    expect((await asOperator(support, 'GET', customerPath('999999999'))).body.code).toBe(errorCatalogue.userNotFound.code);
  });

  it('are locked by support, not by finance: no session, no login, no money move; unlocked they log in again', async () => {
    const refused = await asOperator(finance, 'POST', lockPath(alice.userId), { reason: 'Finance may not' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(errorCatalogue.noPermission.code);

    const stranger = identityClient(app);
    const login = (password: string) => stranger.post(identityPaths.login, { accountType: 'email', account: alice.email, password });
    // A login past its password step when the lock comes goes no further.
    const halfway = await login(testPassword);
    await stranger.post(identityPaths.loginCode, { preLoginToken: halfway.body.data.preLoginToken, method: 'email' });

    const locked = await asOperator(support, 'POST', lockPath(alice.userId), { reason: 'Phone reported stolen' });
    expect(locked.body.code).toBe(0);
    expect(locked.body.data.lockedAt).toEqual(expect.any(String));
    expect((await alice.client.get(identityPaths.userInfo)).status).toBe(401);
    const secondStep = await stranger.post(identityPaths.loginTwofa, {
      preLoginToken: halfway.body.data.preLoginToken,
      method: 'email',
      code: await latestCode(app, alice.email),
    });
    expect(secondStep.body.code).toBe(errorCatalogue.accountSuspended.code);
    expect((await login('Wrong-Pass-1')).body.code).toBe(errorCatalogue.wrongCredentials.code);
    expect((await login(testPassword)).body.code).toBe(errorCatalogue.accountSuspended.code);

    // Even a session that somehow outlived the lock moves no money.
    await database.db.updateTable('user_session').set({ ended_at: null }).where('user_id', '=', alice.userId).execute();
    const bob = await newCustomer();
    const transfer = await alice.client.post(pathWith(walletPaths.transfer, { coin: 'ETH', receiver: bob.userNo }), {
      amount: '0.1',
      fundPassword,
      gaCode: await alice.nextGaCode(),
      requestId: 'backoffice-transfer-1',
    });
    expect(transfer.body.code).toBe(errorCatalogue.accountSuspended.code);
    const withdrawal = await alice.client.post(alice.withdrawPath('ETH'), {
      address: '0x000000000000000000000000000000000000dEaD',
      amount: '0.1',
      fundPassword,
      gaCode: await alice.nextGaCode(),
      requestId: 'backoffice-withdraw-1',
    });
    expect(withdrawal.body.code).toBe(errorCatalogue.accountSuspended.code);
    await database.db.updateTable('user_session').set({ ended_at: new Date() }).where('user_id', '=', alice.userId).execute();

    const unlocked = await asOperator(support, 'POST', unlockPath(alice.userId), { reason: 'Customer verified by phone call' });
    expect(unlocked.body.data.lockedAt).toBeNull();
    const challenge = await login(testPassword);
    expect(challenge.body.code).toBe(0);
    await stranger.post(identityPaths.loginCode, { preLoginToken: challenge.body.data.preLoginToken, method: 'email' });
    const loggedIn = await stranger.post(identityPaths.loginTwofa, {
      preLoginToken: challenge.body.data.preLoginToken,
      method: 'email',
      code: await latestCode(app, alice.email),
    });
    expect(loggedIn.body.code).toBe(0);
    expect((await stranger.get(identityPaths.userInfo)).status).toBe(200);
  });

  it('record the lock and the unlock with the operator, the reason and the change', async () => {
    const { rows } = await auditRows({ subjectKind: 'customer', subjectId: alice.userId, actorId: support.id });
    const changes = rows.filter((row) => row.action !== 'customer.view');
    expect(changes.map((row) => row.action)).toEqual(['customer.unlock', 'customer.lock']);
    expect(changes[1]).toMatchObject({
      actorKind: 'operator',
      actorId: support.id,
      ip: '127.0.0.1',
      reason: 'Phone reported stolen',
      before: { lockedAt: null, lockedBy: null, lockReason: null },
      after: { lockedAt: expect.any(String), lockedBy: support.id, lockReason: 'Phone reported stolen' },
    });
    expect(changes[0]).toMatchObject({ reason: 'Customer verified by phone call', after: { lockedAt: null } });
    const [stored] = await sql<{ user_agent: string }>`select user_agent from audit_log where seq = ${changes[1]!.seq}`
      .execute(database.db)
      .then((r) => r.rows);
    expect(stored?.user_agent).toBe('backoffice-test');
  });

  it('locked by 100 requests at once are locked once, with one audit entry', async () => {
    const carol = await newCustomer();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => asOperator(support, 'POST', lockPath(carol.userId), { reason: 'Burst' })),
    );
    expect(answers.map((answer) => answer.body.code)).toEqual(Array(100).fill(0));
    expect(new Set(answers.map((answer) => answer.body.data.lockedAt)).size).toBe(1);
    expect((await auditRows({ action: 'customer.lock', subjectId: carol.userId })).total).toBe(1);
    await asOperator(support, 'POST', unlockPath(carol.userId), { reason: 'Done' });
    await asOperator(support, 'POST', lockPath(carol.userId), { reason: 'Again' });
    expect((await auditRows({ action: 'customer.lock', subjectId: carol.userId })).total).toBe(2);
    expect((await auditRows({ action: 'customer.unlock', subjectId: carol.userId })).total).toBe(1);
  });
});

describe('the audit log', () => {
  it('finds everything concerning one customer by user number: the customer and its KYC applications, no one else', async () => {
    const dora = await newCustomer();
    const other = await newCustomer();
    const [application] = await sql<{ id: string }>`
      insert into kyc_application (user_id, level, state, country) values (${dora.userId}, 1, 'verifying', 'DE') returning id::text as id`
      .execute(database.db)
      .then((result) => result.rows);
    const audit = createAuditModule({ db: database.db }).api;
    const actor = { kind: 'operator' as const, id: compliance.id };
    await audit.record(database.db, { actor, action: 'kyc.approve', subject: { kind: 'kycApplication', id: application!.id } });
    await audit.record(database.db, { actor, action: 'kyc.approve', subject: { kind: 'kycApplication', id: `${application!.id}9` } });
    await asOperator(support, 'POST', lockPath(dora.userId), { reason: 'Checking' });
    await asOperator(support, 'POST', lockPath(other.userId), { reason: 'Checking' });

    const byNumber = await auditRows({ customer: dora.userNo });
    expect(byNumber.rows.map((row) => [row.action, row.subjectKind, row.subjectId])).toEqual([
      ['customer.lock', 'customer', dora.userId],
      ['kyc.approve', 'kycApplication', application!.id],
    ]);
    expect((await auditRows({ customer: `CF${dora.userNo}` })).total).toBe(2);
    expect((await auditRows({ customer: dora.userId, action: 'kyc.approve' })).rows.map((row) => row.subjectId)).toEqual([application!.id]);
    expect(await auditRows({ customer: '99999999' })).toEqual({ total: 0, rows: [] });
    expect(await auditRows({ customer: 'nobody' })).toEqual({ total: 0, rows: [] });
  });

  it('is searched by action, actor, subject and time, a page at a time', async () => {
    const all = await auditRows({ pageSize: '200' });
    expect(all.total).toBe(all.rows.length);
    const locks = await auditRows({ action: 'customer.lock' });
    expect(locks.total).toBeGreaterThanOrEqual(3);
    expect(locks.rows.every((row) => row.action === 'customer.lock')).toBe(true);
    const page = await auditRows({ action: 'customer.lock', page: '2', pageSize: '1' });
    expect(page).toMatchObject({ total: locks.total, rows: [{ seq: locks.rows[1]!.seq }] });
    expect((await auditRows({ actorId: finance.id })).rows.every((row) => row.actorId === finance.id)).toBe(true);
    const newest = locks.rows[0]!.createdAt as string;
    expect((await auditRows({ action: 'customer.lock', from: newest })).total).toBe(1);
    expect((await auditRows({ action: 'customer.lock', to: newest })).total).toBe(locks.total - 1);
    expect((await asOperator(support, 'GET', adminConsolePaths.audit)).status).toBe(403);
  });

  it('is exported as CSV by a super admin (the export recorded), not by compliance', async () => {
    const response = await app.inject({
      method: 'GET',
      url: `${adminConsolePaths.auditExport}?action=customer.lock`,
      headers: { cookie: superAdmin.cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="audit-${new Date().toISOString().slice(0, 10)}.csv"`);
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines[0]).toMatch(/^seq,created_at,actor_kind,actor_id/);
    expect(lines.slice(1).every((line) => line.includes(',customer.lock,'))).toBe(true);
    const exports = await auditRows({ action: 'audit.export', actorId: superAdmin.id });
    expect(exports.rows[0]).toMatchObject({ after: { filter: { action: 'customer.lock' } } });

    const refused = await asOperator(compliance, 'GET', adminConsolePaths.auditExport);
    expect(refused.status).toBe(403);
  });
});

describe('reconciliation history', () => {
  it('lists past runs with their mismatches, for finance and not for support', async () => {
    const [run] = await sql<{ id: string }>`insert into reconciliation_run default values returning id`
      .execute(database.db)
      .then((r) => r.rows);
    await sql`
      insert into reconciliation_line (run_id, chain, asset, on_chain, ledger_omnibus, pending_withdrawals, difference)
      values (${run!.id}, 'ethereum', 'ETH', 5, -5, 0, 0), (${run!.id}, 'ethereum', 'USDT', 7, -5, 0, 2)`.execute(database.db);
    const answer = await asOperator(finance, 'GET', adminConsolePaths.reconciliationHistory);
    expect(answer.body.data[0]).toMatchObject({ id: run!.id, mismatches: 1, startedAt: expect.any(String) });
    expect((await asOperator(support, 'GET', adminConsolePaths.reconciliationHistory)).status).toBe(403);
  });
});

// Last: it breaks the chain on purpose.
describe('the chain check', () => {
  it('answers ok, and after a superuser alters a row names that row', async () => {
    const intact = await asOperator(compliance, 'POST', adminConsolePaths.auditVerify);
    expect(intact.body.data).toMatchObject({ ok: true, firstBadSeq: null, reason: null });
    const { rows } = await auditRows({ action: 'customer.lock', subjectId: alice.userId });
    const seq = rows[0]!.seq as string;
    await database.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await sql`update audit_log set reason = 'nothing happened' where seq = ${seq}`.execute(trx);
    });
    const broken = await asOperator(compliance, 'POST', adminConsolePaths.auditVerify);
    expect(broken.body.data).toEqual({ ok: false, rows: Number(seq) - 1, firstBadSeq: seq, reason: 'altered' });
  });
});
