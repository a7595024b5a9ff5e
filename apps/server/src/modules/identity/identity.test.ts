import { identityPaths as paths } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { identityClient, latestCode, signUpByEmail } from '../../../test/identity-helpers';
import { totpCode } from './totp';

let database: TestDatabase;
let app: FastifyInstance;
const password = 'Vault-Key-2026';

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildTestApp(database.db);
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

let emailCounter = 0;
function freshEmail(): string {
  emailCounter += 1;
  return `user${emailCounter}-${Date.now() % 100000}@coffer.test`;
}

async function register(email = freshEmail()) {
  const { client, userNo, codeSent } = await signUpByEmail(app, email, password);
  expect(codeSent.body).toMatchObject({ code: 0, data: { resendAfterSeconds: 60 } });
  return { client, email, user: { userNo } };
}

async function loginWithEmailCode(email: string) {
  const client = identityClient(app);
  const challenge = await client.post(paths.login, { accountType: 'email', account: email, password });
  expect(challenge.body.code).toBe(0);
  const { preLoginToken } = challenge.body.data as { preLoginToken: string };
  await client.post(paths.loginCode, { preLoginToken, method: 'email' });
  const loggedIn = await client.post(paths.loginTwofa, { preLoginToken, method: 'email', code: await latestCode(app, email) });
  expect(loggedIn.body.code).toBe(0);
  return client;
}

async function bindAuthenticator(client: ReturnType<typeof identityClient>, email: string): Promise<string> {
  const generated = await client.post(paths.authenticatorGenerate);
  const secret = generated.body.data.secret as string;
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  expect(generated.body.data.qrCodeSvg).toContain('<svg');
  await client.post(paths.userCode, { purpose: 'bindAuthenticator', channel: 'email' });
  const bound = await client.post(paths.authenticatorBind, {
    secret,
    newGaCode: await totpCode(secret),
    emailCode: await latestCode(app, email),
  });
  expect(bound.body).toMatchObject({ code: 0 });
  return secret;
}

describe('registration', () => {
  it('registers by e-mail with a code, logs in with an httpOnly SameSite cookie and records 1000', async () => {
    const email = freshEmail();
    const client = identityClient(app);
    await client.post(paths.registerCode, { accountType: 'email', account: email, countryCode: 'SG' });
    const response = await app.inject({
      method: 'POST',
      url: paths.register,
      payload: {
        accountType: 'email',
        account: email,
        countryCode: 'SG',
        code: await latestCode(app, email),
        password,
        confirmPassword: password,
        agreeTerms: true,
        accountKind: 'enterprise',
      },
    });
    expect(response.json()).toMatchObject({ code: 0, data: { user: { email, accountKind: 'enterprise', havePayPwd: false } } });
    const cookie = String(response.headers['set-cookie']);
    expect(cookie).toMatch(/coffer_session=[\w-]{40,}/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    // The web gets the token only as the httpOnly cookie; a native app gets it in the body for its jwt-token header.
    expect(response.json().data.token).toBeNull();
    const nativeClient = identityClient(app);
    const nativeLogin = await nativeClient.post(
      paths.login,
      { accountType: 'email', account: email, password },
      { 'client-version': 'android/5.2.0' },
    );
    const { preLoginToken } = nativeLogin.body.data as { preLoginToken: string };
    await nativeClient.post(paths.loginCode, { preLoginToken, method: 'email' }, { 'client-version': 'android/5.2.0' });
    const native = await nativeClient.post(
      paths.loginTwofa,
      { preLoginToken, method: 'email', code: await latestCode(app, email) },
      { 'client-version': 'android/5.2.0' },
    );
    const token = native.body.data.token as string;
    expect(token).toMatch(/^[\w-]{40,}$/);
    const history = await app.inject({ url: `${paths.securityHistory}?pageNo=1&pageSize=10`, headers: { 'jwt-token': token } });
    expect(history.json().data.records.map((record: { operationType: number }) => record.operationType)).toEqual([1000]);
  });

  it('refuses restricted regions with their message', async () => {
    const client = identityClient(app);
    const answer = await client.post(
      paths.registerCode,
      { accountType: 'email', account: freshEmail(), countryCode: 'KP' },
      { 'language-type': '2' },
    );
    expect(answer.body).toMatchObject({ code: 16000017, data: { field: 'countryCode' } });
    expect(answer.body.msg).toMatch(/КНДР/);
  });

  it('checks the §5 rules before writing anything', async () => {
    const email = freshEmail();
    const client = identityClient(app);
    await client.post(paths.registerCode, { accountType: 'email', account: email, countryCode: 'DE' });
    const code = await latestCode(app, email);
    const base = { accountType: 'email', account: email, countryCode: 'DE', code, agreeTerms: true };
    expect((await client.post(paths.register, { ...base, password: 'short1A', confirmPassword: 'short1A' })).body.code).toBe(16000021);
    expect((await client.post(paths.register, { ...base, password, confirmPassword: `${password}x` })).body.code).toBe(16000014);
    expect((await client.post(paths.register, { ...base, password, confirmPassword: password, agreeTerms: false })).body).toMatchObject({
      code: 19000002,
      data: { field: 'agreeTerms' },
    });
    expect((await client.post(paths.register, { ...base, password, confirmPassword: password, inviteCode: 'NOPE1234' })).body.code).toBe(
      19000003,
    );
    // Nothing was written, and the code is still good.
    expect((await client.post(paths.register, { ...base, password, confirmPassword: password })).body.code).toBe(0);
  });

  it('answers the same for a taken and a free address, and the taken one never registers', async () => {
    const { email } = await register();
    // As if the account had registered long ago: its registration code is past the resend wait.
    const longAgo = new Date(Date.now() - 120_000);
    await database.db
      .updateTable('attempt_counter')
      .set({ window_started_at: longAgo, locked_until: longAgo })
      .where('scope', '=', 'code-resend')
      .where('subject', '=', `register:email:${email}`)
      .execute();
    const client = identityClient(app);
    const taken = await client.post(paths.registerCode, { accountType: 'email', account: email, countryCode: 'DE' });
    const free = await client.post(paths.registerCode, { accountType: 'email', account: freshEmail(), countryCode: 'DE' });
    expect(taken.body).toEqual(free.body);
    const outbox = await app.inject({ url: `/dev/outbox?to=${email}&limit=1` });
    expect(outbox.json().data[0].body).not.toMatch(/\b\d{6}\b/);
    const attempt = await client.post(paths.register, {
      accountType: 'email',
      account: email,
      countryCode: 'DE',
      code: '123456',
      password,
      confirmPassword: password,
      agreeTerms: true,
    });
    expect(attempt.body.code).toBe(18000002);
  });

  it('checks invite codes', async () => {
    const { client } = await register();
    const me = await client.get(paths.userInfo);
    const inviteCode = me.body.data.inviteCode as string;
    expect((await client.get(`${paths.inviteCodeVerify}?inviteCode=${inviteCode}`)).body.data).toEqual({ valid: true });
    expect((await client.get(`${paths.inviteCodeVerify}?inviteCode=ZZZZZZZZ`)).body.data).toEqual({ valid: false });
  });
});

describe('message sending', () => {
  it('limits the e-mails and SMS one IP address may cause, known accounts or not', async () => {
    const limited = await buildTestApp(database.db, { env: { CODE_SENDS_PER_IP_PER_HOUR: '3' } });
    try {
      const send = (remoteAddress: string, payload: object, path: string = paths.registerCode) =>
        limited.inject({ method: 'POST', url: path, payload, remoteAddress }).then((response) => response.json().code as number);
      const register = { accountType: 'email', countryCode: 'DE' };
      expect(await send('203.0.113.7', { ...register, account: freshEmail() })).toBe(0);
      expect(await send('203.0.113.7', { ...register, account: freshEmail() })).toBe(0);
      // An unknown account's reset sends nothing but counts the same.
      expect(await send('203.0.113.7', { accountType: 'email', account: freshEmail() }, paths.resetCode)).toBe(0);
      expect(await send('203.0.113.7', { ...register, account: freshEmail() })).toBe(19000008);
      // Another address is not affected.
      expect(await send('203.0.113.8', { ...register, account: freshEmail() })).toBe(0);
    } finally {
      await limited.close();
    }
  });
});

describe('login', () => {
  it('answers a wrong password and an unknown account alike', async () => {
    const { email } = await register();
    const client = identityClient(app);
    const wrong = await client.post(paths.login, { accountType: 'email', account: email, password: 'Wrong-Pass-1' });
    const unknown = await client.post(paths.login, { accountType: 'email', account: freshEmail(), password: 'Wrong-Pass-1' });
    expect(wrong.body.code).toBe(16000002);
    expect({ ...unknown.body, data: null }).toEqual({ ...wrong.body, data: null });
  });

  it('needs the second factor, then opens a fresh session; logout ends it', async () => {
    const { email, client: first } = await register();
    const second = await loginWithEmailCode(email);
    expect(second.cookie).not.toBe(first.cookie);
    expect((await second.get(paths.userInfo)).body.data.email).toBe(email);
    await second.post(paths.logout);
    const after = await app.inject({ url: paths.userInfo, headers: { cookie: second.cookie ?? '' } });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 403, msg: 'Please log in first' });
    expect((await first.get(paths.userInfo)).body.code).toBe(0);
  });

  it('refuses a wrong second factor with its translated message', async () => {
    const { email } = await register();
    const client = identityClient(app);
    const challenge = await client.post(paths.login, { accountType: 'email', account: email, password });
    const answer = await client.post(
      paths.loginTwofa,
      { preLoginToken: challenge.body.data.preLoginToken, method: 'email', code: '000000' },
      { 'language-type': '3' },
    );
    expect(answer.body).toMatchObject({ code: 18000002, msg: '驗證碼錯誤' });
  });

  it('accepts an authenticator code once: a replay is refused', async () => {
    const { email, client } = await register();
    const secret = await bindAuthenticator(client, email);
    const login = async () => {
      const fresh = identityClient(app);
      const challenge = await fresh.post(paths.login, { accountType: 'email', account: email, password });
      expect(challenge.body.data.twofaList).toEqual(['ga', 'email']);
      return fresh.post(paths.loginTwofa, {
        preLoginToken: challenge.body.data.preLoginToken,
        method: 'ga',
        code: await totpCode(secret, Date.now() + 30_000),
      });
    };
    expect((await login()).body.code).toBe(0);
    expect((await login()).body.code).toBe(16000009);
  });

  it('locks the account after 100 concurrent wrong codes, whatever session each came from', async () => {
    const { email } = await register();
    const attempts = await Promise.all(
      Array.from({ length: 100 }, async () => {
        const client = identityClient(app);
        const challenge = await client.post(paths.login, { accountType: 'email', account: email, password });
        if (challenge.body.code !== 0) return challenge.body.code;
        const answer = await client.post(paths.loginTwofa, {
          preLoginToken: challenge.body.data.preLoginToken,
          method: 'email',
          code: '999999',
        });
        return answer.body.code;
      }),
    );
    expect(attempts).toContain(16000010);
    expect(attempts.filter((code) => code === 18000002).length).toBeLessThanOrEqual(5);
    // Locked for everyone, even a brand-new session with the right code.
    const client = identityClient(app);
    const challenge = await client.post(paths.login, { accountType: 'email', account: email, password });
    await client.post(paths.loginCode, { preLoginToken: challenge.body.data.preLoginToken, method: 'email' });
    const right = await client.post(paths.loginTwofa, {
      preLoginToken: challenge.body.data.preLoginToken,
      method: 'email',
      code: await latestCode(app, email),
    });
    expect(right.body.code).toBe(16000010);
  });

  it('locks the account after repeated wrong passwords', async () => {
    const { email } = await register();
    const codes: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const client = identityClient(app);
      codes.push((await client.post(paths.login, { accountType: 'email', account: email, password: 'Wrong-Pass-1' })).body.code);
    }
    expect(codes.slice(0, 4)).toEqual([16000002, 16000002, 16000002, 16000002]);
    expect(codes.slice(4)).toEqual([16000010, 16000010]);
    const right = await identityClient(app).post(paths.login, { accountType: 'email', account: email, password });
    expect(right.body.code).toBe(16000010);
  });

  it('hands a login to another client with a one-time ticket (get session)', async () => {
    const { client } = await register();
    const ticket = (await client.post(paths.sessionTicket)).body.data.ticket as string;
    const other = identityClient(app);
    const granted = await other.post(paths.sessionRequest, { exSessionId: ticket, source: 'partner', equipmentName: 'iPhone' });
    expect(granted.body).toMatchObject({ code: 0, data: { twofaList: ['email'], session: null } });
    expect(granted.body.data.preLoginToken).toEqual(expect.any(String));
    const replay = await other.post(paths.sessionRequest, { exSessionId: ticket, source: 'partner', equipmentName: 'iPhone' });
    expect(replay.body.code).toBe(16000025);
  });
});

describe('security settings', () => {
  it('sets the fund password by §5 rules and records 1001 and 1008 (a first set-up before any deposit starts no withdrawal lock)', async () => {
    const { email, client } = await register();
    const secret = await bindAuthenticator(client, email);
    for (const [fundPassword, expected] of [
      ['123456', 16000022],
      ['111222', 16000022],
      ['12345', 16000022],
    ] as const) {
      const answer = await client.post(paths.fundPasswordSet, { fundPassword, confirmFundPassword: fundPassword });
      expect(answer.body.code, fundPassword).toBe(expected);
    }
    const mismatch = await client.post(paths.fundPasswordSet, { fundPassword: '258036', confirmFundPassword: '258037' });
    expect(mismatch.body.code).toBe(16000014);
    const missingCodes = await client.post(paths.fundPasswordSet, { fundPassword: '258036', confirmFundPassword: '258036' });
    expect(missingCodes.body).toMatchObject({ code: 19000002 });

    await client.post(paths.userCode, { purpose: 'fundPassword', channel: 'email' });
    const set = await client.post(paths.fundPasswordSet, {
      fundPassword: '258036',
      confirmFundPassword: '258036',
      emailCode: await latestCode(app, email),
      gaCode: await totpCode(secret, Date.now() + 30_000),
    });
    expect(set.body.code).toBe(0);

    const me = (await client.get(paths.userInfo)).body.data;
    expect(me.havePayPwd).toBe(true);
    expect(me.googleAuth).toBe(true);
    // Both sides of the 24-hour lock rule are in withdraw-lock.test.ts.
    expect(me.withdrawLockedUntil).toBeNull();
    const history = (await client.get(`${paths.securityHistory}?pageNo=1&pageSize=10`)).body.data;
    expect(history.records.map((record: { operationType: number }) => record.operationType)).toEqual([1008, 1001, 1000]);
  });

  it('binds a phone and changes it, each with codes from the old factors and the new number', async () => {
    const { email, client } = await register();
    await client.post(paths.userCode, { purpose: 'bindPhone', channel: 'sms', phone: '15112345678', countryCode: 'DE' });
    await client.post(paths.userCode, { purpose: 'bindPhone', channel: 'email' });
    const bound = await client.post(paths.bindPhone, {
      countryCode: 'DE',
      phone: '15112345678',
      newSmsCode: await latestCode(app, '+4915112345678'),
      emailCode: await latestCode(app, email),
    });
    expect(bound.body.code).toBe(0);
    expect((await client.get(paths.userInfo)).body.data).toMatchObject({ phone: '15112345678', twofaPhone: true });

    // Changing it needs the old phone's code, the e-mail code and the new number's code.
    await client.post(paths.userCode, { purpose: 'changePhone', channel: 'sms', phone: '612345678', countryCode: 'FR' });
    await client.post(paths.userCode, { purpose: 'changePhone', channel: 'sms' });
    await client.post(paths.userCode, { purpose: 'changePhone', channel: 'email' });
    const withoutOldPhone = await client.post(paths.changePhone, {
      countryCode: 'FR',
      phone: '612345678',
      newSmsCode: await latestCode(app, '+33612345678'),
      emailCode: await latestCode(app, email),
    });
    expect(withoutOldPhone.body).toMatchObject({ code: 19000002, data: { field: 'smsCode' } });
    const changed = await client.post(paths.changePhone, {
      countryCode: 'FR',
      phone: '612345678',
      newSmsCode: await latestCode(app, '+33612345678'),
      smsCode: await latestCode(app, '+4915112345678'),
      emailCode: await latestCode(app, email),
    });
    expect(changed.body.code).toBe(0);
    const history = (await client.get(`${paths.securityHistory}?pageNo=1&pageSize=10`)).body.data;
    expect(history.records.map((record: { operationType: number }) => record.operationType)).toEqual([1007, 1005, 1000]);
    // The new number logs in; the old one is free again.
    const login = await identityClient(app).post(paths.login, { accountType: 'phone', account: '612345678', countryCode: 'FR', password });
    expect(login.body.data.twofaList).toEqual(['sms', 'email']);
  });

  it('ends every other session when the password changes', async () => {
    const { email, client } = await register();
    const other = await loginWithEmailCode(email);
    const sessions = (await client.get(paths.sessions)).body.data as Array<{ isCurrent: boolean }>;
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((session) => session.isCurrent)).toHaveLength(1);
    await client.post(paths.userCode, { purpose: 'changePassword', channel: 'email' });
    const changed = await client.post(paths.changePassword, {
      oldPassword: password,
      password: 'New-Vault-Key-1',
      confirmPassword: 'New-Vault-Key-1',
      emailCode: await latestCode(app, email),
    });
    expect(changed.body.code).toBe(0);
    expect((await other.get(paths.userInfo)).status).toBe(401);
    expect((await client.get(paths.userInfo)).body.code).toBe(0);
  });

  it('lets a user end only their own sessions', async () => {
    const alice = await register();
    const bob = await register();
    const bobSessions = (await bob.client.get(paths.sessions)).body.data as Array<{ id: string }>;
    const answer = await alice.client.post(paths.endSession.replace(':id', bobSessions[0]!.id));
    expect(answer.body.code).toBe(19000011);
    expect((await bob.client.get(paths.userInfo)).body.code).toBe(0);
  });

  it('refuses a state change from another site', async () => {
    const { client } = await register();
    const answer = await client.post(paths.setFiat, { fiat: 'CNY' }, { origin: 'https://evil.example' });
    expect(answer.body.code).toBe(19000009);
    expect((await client.get(paths.userInfo)).body.data.fiat).toBe('USD');
    expect((await client.post(paths.setFiat, { fiat: 'CNY' }, { origin: 'http://localhost:80' })).body.code).toBe(0);
  });
});

describe('forgot password', () => {
  it('resets in two steps, never skipping a bound authenticator, and ends all sessions', async () => {
    const { email, client } = await register();
    const secret = await bindAuthenticator(client, email);
    const anonymous = identityClient(app);
    const unknown = await anonymous.post(paths.resetCode, { accountType: 'email', account: freshEmail() });
    const known = await anonymous.post(paths.resetCode, { accountType: 'email', account: email });
    expect(unknown.body).toEqual(known.body);
    const ticket = await anonymous.post(paths.verifyResetCode, {
      accountType: 'email',
      account: email,
      code: await latestCode(app, email),
    });
    expect(ticket.body.data.twofaRequired).toEqual(['ga']);
    const newPassword = 'Reset-Vault-9';
    const withoutGa = await anonymous.post(paths.resetPassword, {
      resetToken: ticket.body.data.resetToken,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(withoutGa.body).toMatchObject({ code: 19000002, data: { field: 'gaCode' } });
    const reset = await anonymous.post(paths.resetPassword, {
      resetToken: ticket.body.data.resetToken,
      password: newPassword,
      confirmPassword: newPassword,
      gaCode: await totpCode(secret, Date.now() + 30_000),
    });
    expect(reset.body.code).toBe(0);
    expect((await client.get(paths.userInfo)).status).toBe(401);
    const login = await identityClient(app).post(paths.login, { accountType: 'email', account: email, password: newPassword });
    expect(login.body.code).toBe(0);
  });
});
