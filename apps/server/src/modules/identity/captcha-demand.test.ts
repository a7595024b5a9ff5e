import { errorCatalogue, identityPaths as paths } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { captchaToken } from '../../../test/captcha-kit';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { latestCode, signUpByEmail, testPassword } from '../../../test/identity-helpers';

/**
 * Identity demands the captcha (spec §7 `/cap/...`, issue 16) after 3 failures of an account or
 * 10 of an IP (configured here as in production's defaults): login, code sending, registration.
 */

let database: TestDatabase;
let app: FastifyInstance;
const required = errorCatalogue.captchaRequired.code;
const captchaWrong = errorCatalogue.captchaWrong.code;
const wrongCredentials = errorCatalogue.wrongCredentials.code;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database.db, {
    env: { CAPTCHA_MAX_NUMBER: '20', CAPTCHA_AFTER_FAILURES: '3', CAPTCHA_AFTER_IP_FAILURES: '10', CODE_SENDS_PER_IP_PER_HOUR: '1000' },
  });
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

let counter = 0;
const freshEmail = () => `captcha${(counter += 1)}-${Date.now() % 100000}@coffer.test`;
let ipCounter = 0;
/** A fresh documentation-range address, so each test counts its own IP. */
const freshIp = () => `198.51.100.${(ipCounter += 1)}`;

async function post(url: string, payload: object, ip: string) {
  return (await app.inject({ method: 'POST', url, payload, remoteAddress: ip })).json() as { code: number; msg: string; data: unknown };
}

const loginBody = (email: string, password: string, captcha?: string) => ({
  accountType: 'email',
  account: email,
  password,
  ...(captcha ? { captchaToken: captcha } : {}),
});

const counters = (subjectLike: string) =>
  database.db.selectFrom('attempt_counter').select(['scope', 'subject', 'failures']).where('subject', 'like', subjectLike).execute();

describe('login', () => {
  it('demands the captcha after 3 wrong passwords of an account, whatever the IP; the token lets the login through once', async () => {
    const email = freshEmail();
    await signUpByEmail(app, email);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await post(paths.login, loginBody(email, 'Wrong-Pass-1'), freshIp())).code).toBe(wrongCredentials);
    }
    const ip = freshIp();
    expect((await post(paths.preLogin, { accountType: 'email', account: email }, ip)).data).toEqual({ captchaRequired: true });
    const user = await database.db.selectFrom('app_user').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const before = await counters(user.id);

    // Without a captcha, even the right password is refused, and no attempt is spent.
    const refused = await post(paths.login, loginBody(email, testPassword), ip);
    expect(refused.code).toBe(required);
    expect(refused.msg).toBe(errorCatalogue.captchaRequired.messages.en);
    expect(await counters(user.id)).toEqual(before);

    // A token of another purpose is refused.
    expect((await post(paths.login, loginBody(email, testPassword, await captchaToken(app, 'sendCode')), ip)).code).toBe(captchaWrong);

    const token = await captchaToken(app, 'login');
    const passed = await post(paths.login, loginBody(email, testPassword, token), ip);
    expect(passed.code).toBe(0);
    expect(passed.data).toMatchObject({ preLoginToken: expect.any(String) });
    // The success reset the account's count: no captcha any more.
    expect((await post(paths.preLogin, { accountType: 'email', account: email }, freshIp())).data).toEqual({ captchaRequired: false });
    // The same token again is refused (single use), even though it is not needed now for this account…
    for (let attempt = 0; attempt < 3; attempt += 1) await post(paths.login, loginBody(email, 'Wrong-Pass-1'), freshIp());
    expect((await post(paths.login, loginBody(email, testPassword, token), freshIp())).code).toBe(captchaWrong);
  });

  it('of 100 parallel logins carrying one token exactly one gets past the captcha', async () => {
    const email = freshEmail();
    await signUpByEmail(app, email);
    for (let attempt = 0; attempt < 3; attempt += 1) await post(paths.login, loginBody(email, 'Wrong-Pass-1'), freshIp());
    const token = await captchaToken(app, 'login');
    const ip = freshIp();
    const answers = await Promise.all(Array.from({ length: 100 }, () => post(paths.login, loginBody(email, 'Wrong-Pass-2', token), ip)));
    expect(answers.filter((answer) => answer.code === wrongCredentials)).toHaveLength(1);
    expect(answers.filter((answer) => answer.code === captchaWrong)).toHaveLength(99);
  });

  it('answers an unknown account exactly as a known one (no account is revealed)', async () => {
    const known = freshEmail();
    await signUpByEmail(app, known);
    const unknown = freshEmail();
    // Every answer carries its own request id; everything else must be the same.
    const shape = (answer: { code: number; msg: string; data: unknown }) => {
      const { requestId: _requestId, ...data } = (answer.data ?? {}) as Record<string, unknown>;
      return [answer.code, answer.msg, data];
    };
    const answersOf = async (email: string) => {
      const answers: unknown[] = [];
      answers.push((await post(paths.preLogin, { accountType: 'email', account: email }, freshIp())).data);
      for (let attempt = 0; attempt < 4; attempt += 1) {
        const answer = await post(paths.login, loginBody(email, 'Wrong-Pass-1'), freshIp());
        answers.push(shape(answer));
      }
      answers.push((await post(paths.preLogin, { accountType: 'email', account: email }, freshIp())).data);
      const withToken = await post(paths.login, loginBody(email, 'Wrong-Pass-1', await captchaToken(app, 'login')), freshIp());
      answers.push(shape(withToken));
      return answers;
    };
    const knownAnswers = await answersOf(known);
    expect(await answersOf(unknown)).toEqual(knownAnswers);
    expect(knownAnswers).toEqual([
      { captchaRequired: false },
      [wrongCredentials, expect.any(String), {}],
      [wrongCredentials, expect.any(String), {}],
      [wrongCredentials, expect.any(String), {}],
      [required, errorCatalogue.captchaRequired.messages.en, { field: 'captchaToken' }],
      { captchaRequired: true },
      [wrongCredentials, expect.any(String), {}],
    ]);
  });

  it('demands the captcha from an IP after 10 failures on any accounts, and only from that IP', async () => {
    const ip = freshIp();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await post(paths.login, loginBody(freshEmail(), 'Wrong-Pass-1'), ip)).code).toBe(wrongCredentials);
    }
    const email = freshEmail();
    await signUpByEmail(app, email);
    expect((await post(paths.preLogin, { accountType: 'email', account: email }, ip)).data).toEqual({ captchaRequired: true });
    expect((await post(paths.login, loginBody(email, testPassword), ip)).code).toBe(required);
    expect((await post(paths.preLogin, { accountType: 'email', account: email }, freshIp())).data).toEqual({ captchaRequired: false });
    expect((await post(paths.login, loginBody(email, testPassword), freshIp())).code).toBe(0);
    expect((await post(paths.login, loginBody(email, testPassword, await captchaToken(app, 'login')), ip)).code).toBe(0);
  });
});

describe('code sending and registration', () => {
  const registerCode = (email: string, captcha?: string) => ({
    accountType: 'email',
    account: email,
    countryCode: 'DE',
    ...(captcha ? { captchaToken: captcha } : {}),
  });

  it('demands the captcha for the 11th code an IP sends in the hour (registration and reset codes alike)', async () => {
    const ip = freshIp();
    for (let send = 0; send < 5; send += 1) expect((await post(paths.registerCode, registerCode(freshEmail()), ip)).code).toBe(0);
    for (let send = 0; send < 5; send += 1) {
      expect((await post(paths.resetCode, { accountType: 'email', account: freshEmail() }, ip)).code).toBe(0);
    }
    const email = freshEmail();
    expect((await post(paths.registerCode, registerCode(email), ip)).code).toBe(required);
    expect((await post(paths.resetCode, { accountType: 'email', account: email }, ip)).code).toBe(required);
    expect((await post(paths.registerCode, registerCode(email, await captchaToken(app, 'login')), ip)).code).toBe(captchaWrong);
    const outbox = await database.db.selectFrom('dev_outbox').select('id').where('recipient', '=', email).execute();
    expect(outbox).toHaveLength(0);

    expect((await post(paths.registerCode, registerCode(email, await captchaToken(app, 'sendCode')), ip)).code).toBe(0);
    expect(await latestCode(app, email)).toMatch(/^\d{6}$/);
    // Another IP sends without one.
    expect((await post(paths.registerCode, registerCode(freshEmail()), freshIp())).code).toBe(0);
  });

  it('demands the captcha for registering after 3 wrong codes for the address', async () => {
    const ip = freshIp();
    const email = freshEmail();
    expect((await post(paths.registerCode, registerCode(email), ip)).code).toBe(0);
    const code = await latestCode(app, email);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const register = (captcha?: string, withCode = wrongCode) => ({
      ...registerCode(email, captcha),
      code: withCode,
      password: testPassword,
      confirmPassword: testPassword,
      agreeTerms: true,
    });
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await post(paths.register, register(undefined), freshIp())).code).toBe(errorCatalogue.codeWrong.code);
    }
    expect((await post(paths.register, register(undefined, code), ip)).code).toBe(required);
    expect((await post(paths.register, register(await captchaToken(app, 'sendCode'), code), ip)).code).toBe(captchaWrong);
    const registered = await post(paths.register, register(await captchaToken(app, 'register'), code), ip);
    expect(registered.code).toBe(0);
    expect(await database.db.selectFrom('app_user').select('id').where('email', '=', email).execute()).toHaveLength(1);
  });
});
