import { identityPaths as paths } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testSecrets } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { latestCode, signUpByEmail, testPassword as password } from '../../../test/identity-helpers';
import { createSessionStore } from './session-store';
import { totpCode } from './totp';

/**
 * Every secret the platform checks holds its limit under a burst: 100 requests from 100
 * sessions and 100 IP addresses, the right secret sent last, get at most the limit's
 * verifications (counted by the verification metric), are all refused, and leave the account
 * locked. A request that cannot get an attempt never reaches the check.
 */

let database: TestDatabase;
let app: FastifyInstance;
const locked = 16000010;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database.db);
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

let counter = 0;
const freshEmail = () => `burst${(counter += 1)}-${Date.now() % 100000}@coffer.test`;
/** A distinct documentation-range address per request. */
const ipOf = (index: number) => `198.18.${Math.floor(index / 250)}.${(index % 250) + 1}`;

interface Answer {
  code: number;
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read answers loosely
}

async function send(
  method: 'GET' | 'POST',
  url: string,
  payload: object | undefined,
  options: { ip?: string; token?: string } = {},
): Promise<Answer> {
  const response = await app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    remoteAddress: options.ip ?? '127.0.0.1',
    headers: options.token ? { 'jwt-token': options.token } : {},
  });
  return response.json() as Answer;
}

/** Verifications that ran (succeeded or failed) for a limit scope, from the metric. */
async function verifications(scope: string): Promise<number> {
  const text = (await app.inject({ url: '/metrics' })).body;
  let total = 0;
  for (const line of text.split('\n')) {
    const match = /^coffer_secret_verifications_total\{([^}]*)\} (\d+)/.exec(line);
    if (match && match[1]!.includes(`scope="${scope}"`) && !match[1]!.includes('outcome="refused"')) total += Number(match[2]);
  }
  return total;
}

async function register(email = freshEmail()) {
  const { client } = await signUpByEmail(app, email, password);
  const user = await database.db.selectFrom('app_user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
  return { client, email, userId: user.id };
}

/** Sessions of their own for a burst (as if logged in from 100 devices). */
async function sessionsOf(userId: string, count: number): Promise<string[]> {
  const store = createSessionStore({ db: database.db, key: testSecrets.key, ttlHours: 1 });
  return Promise.all(
    Array.from(
      { length: count },
      async (_, index) => (await store.create(userId, { clientKind: 'web', device: 'test', ip: ipOf(index) })).token,
    ),
  );
}

/** Fires 99 wrong guesses and the right one last, all at once; answers every code. */
async function burst(request: (guess: 'wrong' | 'right', index: number) => Promise<Answer>): Promise<number[]> {
  const answers = await Promise.all(Array.from({ length: 100 }, (_, index) => request(index === 99 ? 'right' : 'wrong', index)));
  return answers.map((answer) => answer.code);
}

/** Wrong tries on one e-mail or SMS code: the fifth spends the code itself (18000005). */
const codeExhausted = 18000005;

function expectHeld(codes: number[], wrongCode: number, ranVerifications: number, limit: number) {
  const isWrong = (code: number) => code === wrongCode || (wrongCode === 18000002 && code === codeExhausted);
  expect(codes).not.toContain(0);
  expect(codes[99]).toBe(locked);
  expect(codes.filter(isWrong).length).toBeLessThanOrEqual(limit);
  expect(codes.filter((code) => !isWrong(code) && code !== locked)).toEqual([]);
  expect(ranVerifications).toBeGreaterThan(0);
  expect(ranVerifications).toBeLessThanOrEqual(limit);
}

describe('a burst of 100 with the right secret last', () => {
  it('login password: refused, at most 5 verifications, the account locked', async () => {
    const { email } = await register();
    const before = await verifications('login:account');
    const codes = await burst((guess, index) =>
      send(
        'POST',
        paths.login,
        { accountType: 'email', account: email, password: guess === 'right' ? password : `Wrong-Pass-${index}` },
        { ip: ipOf(index) },
      ),
    );
    expectHeld(codes, 16000002, (await verifications('login:account')) - before, 5);
    expect((await send('POST', paths.login, { accountType: 'email', account: email, password }, { ip: '203.0.113.50' })).code).toBe(locked);
  });

  it('login password from one IP across 100 accounts: at most 30 verifications', async () => {
    const before = await verifications('login:ip');
    const codes = await burst(() =>
      send('POST', paths.login, { accountType: 'email', account: freshEmail(), password: 'Wrong-Pass-1' }, { ip: '203.0.113.77' }),
    );
    expect(codes.filter((code) => code === 16000002).length).toBeLessThanOrEqual(30);
    expect((await verifications('login:ip')) - before).toBeLessThanOrEqual(30);
    expect(codes.filter((code) => code === locked).length).toBeGreaterThanOrEqual(70);
  });

  it('old fund password on the change call: refused from 100 sessions, at most 5 verifications', async () => {
    const { email, client, userId } = await register();
    await client.post(paths.userCode, { purpose: 'fundPassword', channel: 'email' });
    const set = await client.post(paths.fundPasswordSet, {
      fundPassword: '258036',
      confirmFundPassword: '258036',
      emailCode: await latestCode(app, email),
    });
    expect(set.body.code).toBe(0);
    const tokens = await sessionsOf(userId, 100);
    const before = await verifications('fund-password:account');
    const codes = await burst((guess, index) =>
      send(
        'POST',
        paths.fundPasswordChange,
        { oldFundPassword: guess === 'right' ? '258036' : String(300000 + index), fundPassword: '741852', confirmFundPassword: '741852' },
        { ip: ipOf(index), token: tokens[index]! },
      ),
    );
    expectHeld(codes, 16000012, (await verifications('fund-password:account')) - before, 5);
    const row = await database.db
      .selectFrom('security_history')
      .select('operation')
      .where('user_id', '=', userId)
      .where('operation', '=', 1009)
      .execute();
    expect(row).toEqual([]);
  });

  it('authenticator code at the second login step: refused, at most 5 verifications', async () => {
    const { email, client, userId } = await register();
    const generated = await client.post(paths.authenticatorGenerate);
    const secret = generated.body.data.secret as string;
    await client.post(paths.userCode, { purpose: 'bindAuthenticator', channel: 'email' });
    const bound = await client.post(paths.authenticatorBind, {
      secret,
      newGaCode: await totpCode(secret),
      emailCode: await latestCode(app, email),
    });
    expect(bound.body.code).toBe(0);
    const preLoginTokens: string[] = [];
    for (let index = 0; index < 100; index += 1) {
      const challenge = await send('POST', paths.login, { accountType: 'email', account: email, password }, { ip: ipOf(index) });
      preLoginTokens.push(challenge.data.preLoginToken as string);
    }
    const right = await totpCode(secret, Date.now() + 30_000);
    const before = await verifications('code:account');
    const codes = await burst((guess, index) =>
      send(
        'POST',
        paths.loginTwofa,
        { preLoginToken: preLoginTokens[index], method: 'ga', code: guess === 'right' ? right : String(100000 + index) },
        { ip: ipOf(index) },
      ),
    );
    expectHeld(codes, 16000009, (await verifications('code:account')) - before, 5);
    const sessions = await database.db.selectFrom('user_session').select('id').where('user_id', '=', userId).execute();
    expect(sessions).toHaveLength(1);
  });

  it('e-mail code at the second login step: refused, at most 5 verifications', async () => {
    const { email } = await register();
    const preLoginTokens: string[] = [];
    for (let index = 0; index < 100; index += 1) {
      const challenge = await send('POST', paths.login, { accountType: 'email', account: email, password }, { ip: ipOf(index) });
      preLoginTokens.push(challenge.data.preLoginToken as string);
    }
    await send('POST', paths.loginCode, { preLoginToken: preLoginTokens[0], method: 'email' });
    const right = await latestCode(app, email);
    const before = await verifications('code:account');
    const codes = await burst((guess, index) =>
      send(
        'POST',
        paths.loginTwofa,
        { preLoginToken: preLoginTokens[index], method: 'email', code: guess === 'right' ? right : String(100000 + index) },
        { ip: ipOf(index) },
      ),
    );
    expectHeld(codes, 18000002, (await verifications('code:account')) - before, 5);
  });

  it('SMS registration code: refused, at most 5 verifications', async () => {
    const phone = `1512${String(Date.now() % 10_000_000).padStart(7, '0')}`;
    const identity = { accountType: 'phone', account: phone, countryCode: 'DE' };
    expect((await send('POST', paths.registerCode, identity)).code).toBe(0);
    const right = await latestCode(app, `+49${phone}`);
    const before = await verifications('code:account');
    const codes = await burst((guess, index) =>
      send(
        'POST',
        paths.register,
        { ...identity, code: guess === 'right' ? right : String(100000 + index), password, confirmPassword: password, agreeTerms: true },
        { ip: ipOf(index) },
      ),
    );
    expectHeld(codes, 18000002, (await verifications('code:account')) - before, 5);
    expect(await database.db.selectFrom('app_user').select('id').where('phone', '=', phone).execute()).toEqual([]);
  });

  it('password reset code: refused, at most 5 verifications', async () => {
    const { email } = await register();
    const identity = { accountType: 'email', account: email };
    expect((await send('POST', paths.resetCode, identity)).code).toBe(0);
    const right = await latestCode(app, email);
    const before = await verifications('code:account');
    const codes = await burst((guess, index) =>
      send('POST', paths.verifyResetCode, { ...identity, code: guess === 'right' ? right : String(100000 + index) }, { ip: ipOf(index) }),
    );
    expectHeld(codes, 18000002, (await verifications('code:account')) - before, 5);
  });

  it('old login password on the change call: refused from 100 sessions, at most 5 verifications', async () => {
    const { userId } = await register();
    const tokens = await sessionsOf(userId, 100);
    const before = await verifications('login:account');
    const codes = await burst((guess, index) =>
      send(
        'POST',
        paths.changePassword,
        {
          oldPassword: guess === 'right' ? password : `Wrong-Pass-${index}`,
          password: 'Other-Key-2027',
          confirmPassword: 'Other-Key-2027',
          emailCode: '123456',
        },
        { ip: ipOf(index), token: tokens[index]! },
      ),
    );
    expectHeld(codes, 16000011, (await verifications('login:account')) - before, 5);
  });
});

describe('one at a time', () => {
  it('a wrong authenticator code locks at the fifth, and the lock holds for the right code', async () => {
    const { email, client } = await register();
    const generated = await client.post(paths.authenticatorGenerate);
    const secret = generated.body.data.secret as string;
    await client.post(paths.userCode, { purpose: 'bindAuthenticator', channel: 'email' });
    await client.post(paths.authenticatorBind, { secret, newGaCode: await totpCode(secret), emailCode: await latestCode(app, email) });
    const answers: number[] = [];
    for (let index = 0; index < 6; index += 1) {
      const challenge = await send('POST', paths.login, { accountType: 'email', account: email, password }, { ip: ipOf(index) });
      answers.push(
        (
          await send(
            'POST',
            paths.loginTwofa,
            { preLoginToken: challenge.data.preLoginToken, method: 'ga', code: '000001' },
            { ip: ipOf(index) },
          )
        ).code,
      );
    }
    expect(answers).toEqual([16000009, 16000009, 16000009, 16000009, locked, locked]);
  });

  it('a login carrying a NUL is refused naming the field and counts as a failed attempt, so NULs cannot probe the password', async () => {
    const { email, userId } = await register();
    const nul = await send(
      'POST',
      paths.login,
      { accountType: 'email', account: email, password, equipmentName: 'pc\u0000' },
      { ip: '203.0.113.61' },
    );
    expect(nul).toMatchObject({ code: 19000003, data: { field: 'equipmentName' } });
    const counted = await database.db
      .selectFrom('attempt_counter')
      .select('failures')
      .where('scope', '=', 'login:account')
      .where('subject', '=', userId)
      .executeTakeFirst();
    expect(counted?.failures).toBe(1);
    // Four more NUL requests lock the account: the right password no longer gets in.
    for (let index = 0; index < 4; index += 1) {
      await send(
        'POST',
        paths.login,
        { accountType: 'email', account: email, password: `Wrong${index}\u0000`, equipmentName: 'pc' },
        { ip: '203.0.113.61' },
      );
    }
    expect((await send('POST', paths.login, { accountType: 'email', account: email, password }, { ip: '203.0.113.62' })).code).toBe(locked);
  });

  it('an unknown account locks exactly like a known one', async () => {
    const { email } = await register();
    const attempt = (account: string) =>
      send('POST', paths.login, { accountType: 'email', account, password: 'Wrong-Pass-1' }, { ip: ipOf(counter) });
    const known: number[] = [];
    const unknown: number[] = [];
    const stranger = freshEmail();
    for (let index = 0; index < 6; index += 1) {
      known.push((await attempt(email)).code);
      unknown.push((await attempt(stranger)).code);
    }
    expect(known).toEqual([16000002, 16000002, 16000002, 16000002, locked, locked]);
    expect(unknown).toEqual(known);
  });

  it('the forgot-password resend waits alike for a known and an unknown account', async () => {
    const { email } = await register();
    const ask = (account: string) => send('POST', paths.resetCode, { accountType: 'email', account }, { ip: '203.0.113.90' });
    const stranger = freshEmail();
    const first = [await ask(email), await ask(stranger)];
    const second = [await ask(email), await ask(stranger)];
    expect(first.map((answer) => answer.code)).toEqual([0, 0]);
    expect(second.map((answer) => answer.code)).toEqual([18000004, 18000004]);
    expect(second[0]!.data.requestId).not.toBe(second[1]!.data.requestId);
  });
});

describe('one send per address per 60 s', () => {
  it('100 parallel requests for a signed-in user’s code send one', async () => {
    const { client, email } = await register();
    const before = await database.db.selectFrom('dev_outbox').select('id').where('recipient', '=', email).execute();
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => client.post(paths.userCode, { purpose: 'fundPassword', channel: 'email' })),
    );
    expect(answers.filter((answer) => answer.body.code === 0)).toHaveLength(1);
    expect(answers.filter((answer) => answer.body.code === 18000004)).toHaveLength(99);
    const after = await database.db.selectFrom('dev_outbox').select('id').where('recipient', '=', email).execute();
    expect(after.length - before.length).toBe(1);
  });

  it('100 parallel registration requests for one address send one', async () => {
    const email = freshEmail();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) =>
        send('POST', paths.registerCode, { accountType: 'email', account: email, countryCode: 'DE' }, { ip: ipOf(index) }),
      ),
    );
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(await database.db.selectFrom('dev_outbox').select('id').where('recipient', '=', email).execute()).toHaveLength(1);
  });
});

describe('a step with several codes', () => {
  it('a mistyped new authenticator code spends none of the others', async () => {
    const { email, client } = await register();
    const generated = await client.post(paths.authenticatorGenerate);
    const secret = generated.body.data.secret as string;
    await client.post(paths.userCode, { purpose: 'bindAuthenticator', channel: 'email' });
    const emailCode = await latestCode(app, email);
    const wrong = await client.post(paths.authenticatorBind, { secret, newGaCode: '000001', emailCode });
    expect(wrong.body).toMatchObject({ code: 16000009, data: { field: 'newGaCode' } });
    // The e-mail code is still good: no new code, no 60-s wait.
    const right = await client.post(paths.authenticatorBind, { secret, newGaCode: await totpCode(secret), emailCode });
    expect(right.body.code).toBe(0);
  });
});
