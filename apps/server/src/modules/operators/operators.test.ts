import fastifyCookie from '@fastify/cookie';
import { adminPaths, identityPaths, type OperatorRole } from '@coffer/contract';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type LightMyRequestResponse } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { Registry, type Counter } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testSecrets } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { signUpByEmail } from '../../../test/identity-helpers';
import { signInOperator } from '../../../test/operator-kit';
import { createMessengerFromConfig } from '../../platform/adapters/messenger';
import { loadConfig } from '../../platform/config';
import { registerErrorHandler } from '../../platform/http/error-handler';
import { registerRequestContext } from '../../platform/http/request-context';
import { createLogger } from '../../platform/observability/logger';
import { createAuditModule, type AuditEntry } from '../audit';
import { createDevOutbox, createIdentityModule, totpCode } from '../identity';
import { createOperatorsModule, type OperatorsModule } from '.';

/**
 * The back office's operators over a real database: activation links (single use under a
 * race), login with password and authenticator in one step through the attempt limiter,
 * sessions (own cookie, idle expiry), permissions, and the audit trail of every step. A small
 * app registers identity and this module with an audit recorder the tests read; the last part
 * runs the real app (`app.ts`), as the other modules' tests do.
 */

const codes = {
  activationLinkExpired: 15000006,
  noPermission: 15000002,
  duplicateEmail: 15000010,
  operatorLoginRequired: 15000020,
  operatorSessionExpired: 15000021,
  operatorCredentialsWrong: 15000022,
  accountLocked: 16000010,
  authenticatorCodeWrong: 16000009,
  passwordRuleViolated: 16000021,
};
const password = 'Back-Office-2026';
const userAgent = 'operators-test/1.0';

let database: TestDatabase;
let app: FastifyInstance;
let operators: OperatorsModule;
const registry = new Registry();
const recorded: AuditEntry[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    CODE_SENDS_PER_IP_PER_HOUR: '100000',
  });
  const logger = createLogger(config);
  app = Fastify({ loggerInstance: logger as FastifyBaseLogger });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRequestContext(app);
  registerErrorHandler(app);
  await app.register(fastifyCookie);
  const identity = createIdentityModule({
    db: database.db,
    config,
    secrets: testSecrets,
    messenger: createMessengerFromConfig(config, logger, createDevOutbox(database.db)),
    funding: { hasReceivedFunds: async () => false },
    // No customer here fails often enough to be asked for a captcha; a token would be refused.
    captcha: { verifyOnce: () => Promise.reject(new Error('no captcha in the operators test')) },
    registry,
  });
  identity.register(app);
  const audit = {
    record: async (_executor: unknown, entry: AuditEntry) => {
      recorded.push(entry);
      return { seq: String(recorded.length) };
    },
  };
  operators = createOperatorsModule({ db: database.db, config, secrets: testSecrets, limiter: identity.limiter, audit });
  operators.register(app);
  // A call only a KYC reviewer may make.
  app.get('/admin/api/v1/test/kyc-queue', { preHandler: operators.requireOperator('kyc.review') }, async () => ({
    code: 0,
    data: 'queue',
  }));
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

let counter = 0;
const freshEmail = () => `operator${(counter += 1)}-${Date.now() % 100_000}@coffer.test`;
/** A documentation-range address per use, so one test's failures never lock another's IP. */
const freshIp = () => `198.18.${Math.floor((counter += 1) / 250)}.${(counter % 250) + 1}`;

interface Answer {
  status: number;
  body: { code: number; msg: string; data: any }; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read answers loosely
  setCookie: string | null;
}

function firstSetCookie(response: LightMyRequestResponse): string | null {
  const header = response.headers['set-cookie'];
  return (Array.isArray(header) ? header[0] : header) ?? null;
}

async function call(
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  options: { cookie?: string; ip?: string; headers?: Record<string, string>; on?: FastifyInstance } = {},
): Promise<Answer> {
  const response = await (options.on ?? app).inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: { 'user-agent': userAgent, ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
  });
  return { status: response.statusCode, body: response.json() as Answer['body'], setCookie: firstSetCookie(response) };
}

const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
const cookiePair = (setCookie: string | null) => setCookie!.split(';')[0]!;

async function newOperator(role: OperatorRole = 'superAdmin') {
  const created = await operators.api.createOperator({ email: freshEmail(), role }, { actor: { kind: 'system', id: 'test' } });
  return { ...created, token: tokenOf(created.activationLink) };
}

/** An active operator: created, authenticator scanned, password set. */
async function activeOperator(role: OperatorRole = 'superAdmin') {
  const created = await newOperator(role);
  const started = await call('POST', adminPaths.activateStart, { token: created.token });
  const secret = started.body.data.secret as string;
  const finished = await call('POST', adminPaths.activateFinish, { token: created.token, password, totpCode: await totpCode(secret) });
  expect(finished.body.code).toBe(0);
  return { id: created.id, email: created.email, secret };
}

/** A code of the next step: the activation spent this one's. */
const nextCode = (secret: string) => totpCode(secret, Date.now() + 30_000);

async function logIn(operator: { email: string; secret: string }, ip = freshIp()): Promise<string> {
  const answer = await call(
    'POST',
    adminPaths.login,
    { email: operator.email, password, totpCode: await nextCode(operator.secret) },
    { ip },
  );
  expect(answer.body.code).toBe(0);
  return cookiePair(answer.setCookie);
}

/** Verifications the limiter ran (verified or failed, never refused) for a scope. */
async function verifications(scope: string): Promise<number> {
  const metric = registry.getSingleMetric('coffer_secret_verifications_total') as Counter;
  const { values } = await metric.get();
  return values
    .filter((value) => value.labels.scope === scope && value.labels.outcome !== 'refused')
    .reduce((sum, value) => sum + value.value, 0);
}

/** Attempts the limiter refused unverified (the subject was locked) for a scope. */
async function refusals(scope: string): Promise<number> {
  const metric = registry.getSingleMetric('coffer_secret_verifications_total') as Counter;
  const { values } = await metric.get();
  return values
    .filter((value) => value.labels.scope === scope && value.labels.outcome === 'refused')
    .reduce((sum, value) => sum + value.value, 0);
}

const auditOf = (action: string, operatorEmailOrId: string) =>
  recorded.filter((entry) => entry.action === action && (entry.actor.id === operatorEmailOrId || entry.actor.name === operatorEmailOrId));

describe('activation', () => {
  it('answers a one-time link of 256 random bits, stored only as a MAC, valid 24 hours', async () => {
    const created = await newOperator('compliance');
    expect(created.activationLink).toMatch(/^http:\/\/localhost:8080\/admin\/activate\?token=[\w-]{43}$/);
    const row = await database.db
      .selectFrom('operator')
      .select([
        'status',
        'activation_token_hash',
        'password_hash',
        sql<number>`extract(epoch from activation_expires_at - now())`.as('seconds'),
      ])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('disabled');
    expect(row.password_hash).toBeNull();
    expect(row.activation_token_hash).not.toContain(created.token);
    expect(Number(row.seconds)).toBeGreaterThan(24 * 3600 - 60);
    expect(Number(row.seconds)).toBeLessThanOrEqual(24 * 3600);
    expect(auditOf('operator.create', 'test')).toEqual([
      expect.objectContaining({ subject: { kind: 'operator', id: created.id }, after: expect.objectContaining({ role: 'compliance' }) }),
    ]);
  });

  it('activates exactly once when 100 finishes race, and the link is spent afterwards', async () => {
    const created = await newOperator();
    const started = await call('POST', adminPaths.activateStart, { token: created.token });
    expect(started.body.data).toMatchObject({ email: created.email, otpauthUri: expect.stringMatching(/^otpauth:\/\/totp\//) });
    expect(started.body.data.qrCodeSvg).toContain('<svg');
    const code = await totpCode(started.body.data.secret);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => call('POST', adminPaths.activateFinish, { token: created.token, password, totpCode: code })),
    );
    const outcomes = answers.map((answer) => answer.body.code);
    expect(outcomes.filter((outcome) => outcome === 0)).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === codes.activationLinkExpired)).toHaveLength(99);
    expect(auditOf('operator.activate', created.id)).toHaveLength(1);
    expect((await call('POST', adminPaths.activateStart, { token: created.token })).body.code).toBe(codes.activationLinkExpired);
    const row = await database.db
      .selectFrom('operator')
      .select(['status', 'pending_totp_secret_encrypted'])
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'active', pending_totp_secret_encrypted: null });
  });

  it('keeps the link on a weak password or a wrong code, binds only the latest secret, and refuses an expired link', async () => {
    const created = await newOperator();
    const first = await call('POST', adminPaths.activateStart, { token: created.token });
    const second = await call('POST', adminPaths.activateStart, { token: created.token });
    const weak = await call('POST', adminPaths.activateFinish, {
      token: created.token,
      password: 'password',
      totpCode: await totpCode(second.body.data.secret),
    });
    expect(weak.body).toMatchObject({ code: codes.passwordRuleViolated, data: { field: 'password' } });
    // The secret shown first was replaced by the second start.
    const stale = await call('POST', adminPaths.activateFinish, {
      token: created.token,
      password,
      totpCode: await totpCode(first.body.data.secret),
    });
    expect(stale.body.code).toBe(codes.authenticatorCodeWrong);
    expect(
      (await call('POST', adminPaths.activateFinish, { token: created.token, password, totpCode: await totpCode(second.body.data.secret) }))
        .body.code,
    ).toBe(0);

    const late = await newOperator();
    await database.db
      .updateTable('operator')
      .set({ activation_expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', late.id)
      .execute();
    expect((await call('POST', adminPaths.activateStart, { token: late.token })).body.code).toBe(codes.activationLinkExpired);
    expect((await call('POST', adminPaths.activateStart, { token: 'x'.repeat(43) })).body.code).toBe(codes.activationLinkExpired);
  });
});

describe('login', () => {
  it('needs the password and the authenticator code together, sets its own cookie, and refuses a code twice', async () => {
    const operator = await activeOperator('finance');
    const ip = freshIp();
    const withoutCode = await call('POST', adminPaths.login, { email: operator.email, password }, { ip });
    expect(withoutCode.body.code).not.toBe(0);
    expect(withoutCode.setCookie).toBeNull();
    const wrongCode = await call('POST', adminPaths.login, { email: operator.email, password, totpCode: '000000' }, { ip });
    const wrongPassword = await call(
      'POST',
      adminPaths.login,
      { email: operator.email, password: 'Wrong-Pass-1', totpCode: await nextCode(operator.secret) },
      { ip },
    );
    for (const answer of [wrongCode, wrongPassword]) {
      expect(answer.body.code).toBe(codes.operatorCredentialsWrong);
      expect(answer.setCookie).toBeNull();
    }

    const code = await nextCode(operator.secret);
    const loggedIn = await call('POST', adminPaths.login, { email: operator.email.toUpperCase(), password, totpCode: code }, { ip });
    expect(loggedIn.body).toMatchObject({
      code: 0,
      data: {
        id: operator.id,
        email: operator.email,
        role: 'finance',
        permissions: ['customers.read', 'reconciliation.read', 'reconciliation.run', 'custody.billing'],
      },
    });
    expect(loggedIn.setCookie).toMatch(/^coffer_operator_session=[\w-]{43}; Max-Age=28800; Path=\/admin; HttpOnly; SameSite=Strict$/);
    expect(JSON.stringify(loggedIn.body)).not.toContain(cookiePair(loggedIn.setCookie).split('=')[1]);
    const me = await call('GET', adminPaths.me, undefined, { cookie: cookiePair(loggedIn.setCookie) });
    expect(me.body.data).toMatchObject({ email: operator.email, role: 'finance' });

    // The same 30-second step cannot log in twice.
    const replayed = await call('POST', adminPaths.login, { email: operator.email, password, totpCode: code }, { ip });
    expect(replayed.body.code).toBe(codes.operatorCredentialsWrong);
    expect(auditOf('operator.loginFailed', operator.email).map((entry) => entry.reason)).toEqual([
      'wrongTotp',
      'wrongPassword',
      'reusedTotp',
    ]);
  });

  it('gives 100 parallel wrong logins at most 5 verifications, then the account is locked even for the right secrets', async () => {
    const operator = await activeOperator();
    const before = await verifications('operator-login:account');
    const refusedBefore = await refusals('operator-login:account');
    const code = await nextCode(operator.secret);
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        call('POST', adminPaths.login, { email: operator.email, password: 'Wrong-Pass-1', totpCode: code }, { ip: freshIp() }),
      ),
    );
    expect((await verifications('operator-login:account')) - before).toBeLessThanOrEqual(5);
    expect(answers.every((answer) => answer.body.code === codes.operatorCredentialsWrong || answer.body.code === codes.accountLocked)).toBe(
      true,
    );
    expect(answers.filter((answer) => answer.body.code === codes.accountLocked).length).toBeGreaterThanOrEqual(95);
    const right = await call(
      'POST',
      adminPaths.login,
      { email: operator.email, password, totpCode: await nextCode(operator.secret) },
      { ip: freshIp() },
    );
    expect(right.body.code).toBe(codes.accountLocked);
    // One row per verified attempt and one as the lock starts; the refusals while locked are only counted.
    const failures = auditOf('operator.loginFailed', operator.email);
    expect(failures.map((entry) => entry.reason).sort()).toEqual(['locked', ...Array.from({ length: 5 }, () => 'wrongPassword')]);
    expect((await refusals('operator-login:account')) - refusedBefore).toBe(96);
  });

  it("records an unknown e-mail's lock once, however many attempts it refuses", async () => {
    const email = freshEmail();
    const refusedBefore = await refusals('operator-login:account');
    const answers = await Promise.all(
      Array.from({ length: 100 }, () =>
        call('POST', adminPaths.login, { email, password: 'Wrong-Pass-1', totpCode: '123456' }, { ip: freshIp() }),
      ),
    );
    expect(answers.filter((answer) => answer.body.code === codes.accountLocked)).toHaveLength(96);
    expect(
      auditOf('operator.loginFailed', email)
        .map((entry) => entry.reason)
        .sort(),
    ).toEqual(['locked', ...Array.from({ length: 5 }, () => 'unknownEmail')]);
    expect((await refusals('operator-login:account')) - refusedBefore).toBe(95);
  });

  it('answers an unknown e-mail exactly as a wrong password, after the same work', async () => {
    const operator = await activeOperator();
    const pending = await newOperator();
    // The decoy hash is made once per process; make it before timing.
    await call('POST', adminPaths.login, { email: freshEmail(), password: 'Wrong-Pass-1', totpCode: '123456' }, { ip: freshIp() });

    const timed = async (email: string) => {
      const started = performance.now();
      const answer = await call('POST', adminPaths.login, { email, password: 'Wrong-Pass-1', totpCode: '123456' }, { ip: freshIp() });
      return { answer, ms: performance.now() - started };
    };
    const before = await verifications('operator-login:account');
    const known = [await timed(operator.email), await timed(operator.email), await timed(operator.email)];
    const unknown = [await timed('nobody@coffer.test'), await timed('nobody@coffer.test'), await timed('nobody@coffer.test')];
    const notActivated = await timed(pending.email);
    expect((await verifications('operator-login:account')) - before).toBe(7);
    const shape = (answer: Answer) => ({ status: answer.status, code: answer.body.code, msg: answer.body.msg, cookie: answer.setCookie });
    for (const other of [...unknown, notActivated]) expect(shape(other.answer)).toEqual(shape(known[0]!.answer));
    const median = (runs: Array<{ ms: number }>) => runs.map((run) => run.ms).sort((a, b) => a - b)[1]!;
    // Both verify an argon2id hash; an unknown e-mail skipping it would answer several times faster.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.4);
  });
});

describe('sessions and permissions', () => {
  it('checks the permission on every call: 403 without it, and a role change applies at once', async () => {
    const support = await activeOperator('support');
    const cookie = await logIn(support);
    const refused = await call('GET', '/admin/api/v1/test/kyc-queue', undefined, { cookie });
    expect([refused.status, refused.body.code]).toEqual([403, codes.noPermission]);
    await database.db.updateTable('operator').set({ role: 'compliance' }).where('id', '=', support.id).execute();
    const allowed = await call('GET', '/admin/api/v1/test/kyc-queue', undefined, { cookie });
    expect([allowed.status, allowed.body.data]).toEqual([200, 'queue']);
    await database.db.updateTable('operator').set({ status: 'disabled' }).where('id', '=', support.id).execute();
    expect((await call('GET', adminPaths.me, undefined, { cookie })).body.code).toBe(codes.operatorSessionExpired);
  });

  it('lets only operators.manage create operators, and refuses a second operator with the same e-mail in any case', async () => {
    const admin = await logIn(await activeOperator('superAdmin'));
    const finance = await logIn(await activeOperator('finance'));
    const email = freshEmail();
    expect((await call('POST', adminPaths.operators, { email, role: 'support' }, { cookie: finance })).status).toBe(403);
    const created = await call('POST', adminPaths.operators, { email, role: 'support', name: 'Sam' }, { cookie: admin });
    expect(created.body.data).toMatchObject({ email, role: 'support', activationLink: expect.stringContaining('/admin/activate?token=') });
    const creation = recorded.find((entry) => entry.action === 'operator.create' && entry.subject?.id === created.body.data.id);
    expect(creation).toMatchObject({ actor: { kind: 'operator' }, ip: '127.0.0.1', userAgent });
    const again = await call('POST', adminPaths.operators, { email: email.toUpperCase(), role: 'finance' }, { cookie: admin });
    expect(again.body).toMatchObject({ code: codes.duplicateEmail, data: { field: 'email' } });
  });

  it('lists every operator to operators.manage only: e-mail, name, role, state and last login', async () => {
    const admin = await activeOperator('superAdmin');
    const adminCookie = await logIn(admin);
    const support = await logIn(await activeOperator('support'));
    const pending = await newOperator('finance');
    const switchedOff = await activeOperator('compliance');
    await database.db.updateTable('operator').set({ status: 'disabled' }).where('id', '=', switchedOff.id).execute();

    expect((await call('GET', adminPaths.operators, undefined, { cookie: support })).body.code).toBe(codes.noPermission);
    const listed = await call('GET', adminPaths.operators, undefined, { cookie: adminCookie });
    expect(listed.status).toBe(200);
    const rows = listed.body.data as Array<Record<string, unknown>>;
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(admin.id)).toMatchObject({ email: admin.email, role: 'superAdmin', state: 'active', lastLoginAt: expect.any(String) });
    expect(byId.get(pending.id)).toMatchObject({ email: pending.email, role: 'finance', state: 'pending', lastLoginAt: null, name: null });
    expect(byId.get(switchedOff.id)).toMatchObject({ role: 'compliance', state: 'disabled', lastLoginAt: null });
    // Newest first; no secret of any kind leaves.
    expect(rows.findIndex((row) => row.id === switchedOff.id)).toBeLessThan(rows.findIndex((row) => row.id === admin.id));
    expect(JSON.stringify(rows)).not.toMatch(/password|totp|token/i);
  });

  it('names the creating operator in the audit log as everywhere else: the display name, else the e-mail', async () => {
    const named = await activeOperator('superAdmin');
    await database.db.updateTable('operator').set({ display_name: 'Alex Admin' }).where('id', '=', named.id).execute();
    const unnamed = await activeOperator('superAdmin');
    for (const [creator, name] of [
      [named, 'Alex Admin'],
      [unnamed, unnamed.email],
    ] as const) {
      const created = await call('POST', adminPaths.operators, { email: freshEmail(), role: 'support' }, { cookie: await logIn(creator) });
      const creation = recorded.find((entry) => entry.action === 'operator.create' && entry.subject?.id === created.body.data.id);
      expect(creation?.actor).toEqual({ kind: 'operator', id: creator.id, name });
    }
  });

  it('never accepts a customer session on an operator call, nor an operator session on a customer call', async () => {
    const { client } = await signUpByEmail(app, `cust${Date.now() % 1_000_000}@coffer.test`);
    const customerCookie = client.cookie!;
    const customerToken = customerCookie.split('=')[1]!;
    const withCustomerCookie = await call('GET', adminPaths.me, undefined, { cookie: customerCookie });
    expect([withCustomerCookie.status, withCustomerCookie.body.code]).toEqual([401, codes.operatorLoginRequired]);
    const withJwt = await call('GET', adminPaths.me, undefined, { headers: { 'jwt-token': customerToken } });
    expect([withJwt.status, withJwt.body.code]).toEqual([401, codes.operatorLoginRequired]);
    // A customer's token under the operator cookie's name names no operator session.
    const disguised = await call('GET', adminPaths.me, undefined, { cookie: `coffer_operator_session=${customerToken}` });
    expect([disguised.status, disguised.body.code]).toEqual([401, codes.operatorSessionExpired]);

    const operatorCookie = await logIn(await activeOperator());
    const customerCall = await call('GET', identityPaths.userInfo, undefined, { cookie: operatorCookie });
    expect(customerCall.body.code).toBe(403);
  });

  it('ends a session after 15 idle minutes, slides it with use, and never past 8 hours', async () => {
    const operator = await activeOperator();
    const cookie = await logIn(operator);
    const session = () =>
      database.db
        .selectFrom('operator_session')
        .select([
          sql<number>`extract(epoch from expires_at - now())`.as('idle'),
          sql<number>`extract(epoch from absolute_expires_at - created_at)`.as('lifetime'),
        ])
        .where('operator_id', '=', operator.id)
        .executeTakeFirstOrThrow();
    expect(Number((await session()).lifetime)).toBe(8 * 3600);
    expect(Number((await session()).idle)).toBeGreaterThan(15 * 60 - 30);

    // Close to its absolute end, use slides it no further than that end.
    await sql`update operator_session set absolute_expires_at = now() + interval '5 minutes', expires_at = now() + interval '1 minute' where operator_id = ${operator.id}`.execute(
      database.db,
    );
    expect((await call('GET', adminPaths.me, undefined, { cookie })).body.code).toBe(0);
    expect(Number((await session()).idle)).toBeLessThanOrEqual(5 * 60);

    // 16 minutes without a call.
    await sql`update operator_session set last_seen_at = now() - interval '16 minutes', expires_at = now() - interval '1 minute' where operator_id = ${operator.id}`.execute(
      database.db,
    );
    const expired = await call('GET', adminPaths.me, undefined, { cookie });
    expect([expired.status, expired.body.code]).toEqual([401, codes.operatorSessionExpired]);
    expect(expired.setCookie).toMatch(/^coffer_operator_session=; .*Path=\/admin/);
    expect((await call('GET', adminPaths.me)).body.code).toBe(codes.operatorLoginRequired);
  });
});

describe('audit trail', () => {
  it('records every creation, activation, login, failed login and logout with actor, IP and user agent', async () => {
    const operator = await activeOperator('support');
    const ip = freshIp();
    await call('POST', adminPaths.login, { email: operator.email, password: 'Wrong-Pass-1', totpCode: '000000' }, { ip });
    await call('POST', adminPaths.login, { email: 'stranger@coffer.test', password: 'Wrong-Pass-1', totpCode: '000000' }, { ip });
    const cookie = await logIn(operator, ip);
    const loggedOut = await call('POST', adminPaths.logout, undefined, { cookie, ip });
    expect(loggedOut.body.code).toBe(0);
    expect(loggedOut.setCookie).toMatch(/^coffer_operator_session=; /);
    expect((await call('GET', adminPaths.me, undefined, { cookie })).body.code).toBe(codes.operatorSessionExpired);

    const mine = recorded.filter(
      (entry) => entry.subject?.id === operator.id || entry.actor.id === operator.id || entry.actor.name === 'stranger@coffer.test',
    );
    expect(mine.map((entry) => entry.action)).toEqual([
      'operator.create',
      'operator.activate',
      'operator.loginFailed',
      'operator.loginFailed',
      'operator.login',
      'operator.logout',
    ]);
    expect(mine.slice(2)).toEqual([
      expect.objectContaining({
        actor: { kind: 'operator', id: operator.id, name: operator.email },
        ip,
        userAgent,
        reason: 'wrongPassword',
      }),
      expect.objectContaining({
        actor: { kind: 'operator', id: 'unknown', name: 'stranger@coffer.test' },
        subject: null,
        reason: 'unknownEmail',
      }),
      expect.objectContaining({
        actor: expect.objectContaining({ id: operator.id }),
        ip,
        userAgent,
        subject: { kind: 'operatorSession', id: expect.any(String) },
      }),
      expect.objectContaining({ actor: expect.objectContaining({ id: operator.id }), ip, userAgent }),
    ]);
  });
});

describe('in the real app', () => {
  it('serves the back office beside the customer API, writing the audit log, and never takes a customer cookie', async () => {
    const real = await buildTestApp(database.db);
    try {
      const { client } = await signUpByEmail(real, `real-${Date.now()}@coffer.test`);
      const refused = await call('GET', adminPaths.me, undefined, { cookie: client.cookie!, on: real });
      expect([refused.status, refused.body.code]).toEqual([401, codes.operatorLoginRequired]);
      const operator = await signInOperator(real, database.db, { role: 'compliance' });
      const me = await call('GET', adminPaths.me, undefined, { cookie: `${client.cookie!}; ${operator.cookie}`, on: real });
      expect(me.body.data).toMatchObject({ email: operator.email, role: 'compliance' });
      const { rows } = await createAuditModule({ db: database.db }).api.search({ actorId: operator.id, page: 1, pageSize: 10 });
      expect(rows.map((row) => row.action).sort()).toEqual(['operator.activate', 'operator.login']);
    } finally {
      await real.close();
    }
  });
});
