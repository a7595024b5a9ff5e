import { identityPaths } from '@coffer/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { expect } from 'vitest';
import { totpCode } from '../src/modules/identity/totp';
import type { Db } from '../src/platform/db/database';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read answers loosely
type AnyData = any;

export interface ApiAnswer {
  status: number;
  body: { code: number; msg: string; data: AnyData };
}

/** Drives the identity API as a client would, through app.inject. */
export function identityClient(app: FastifyInstance) {
  let cookie: string | null = null;

  async function call(method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}): Promise<ApiAnswer> {
    const response: LightMyRequestResponse = await app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { ...(cookie ? { cookie } : {}), ...headers },
    });
    const setCookie = response.headers['set-cookie'];
    const first = Array.isArray(setCookie) ? setCookie[0] : setCookie;
    if (first) cookie = first.split(';')[0]!;
    return { status: response.statusCode, body: response.json() as ApiAnswer['body'] };
  }

  return {
    call,
    post: (url: string, payload: unknown = {}, headers?: Record<string, string>) => call('POST', url, payload, headers),
    get: (url: string, headers?: Record<string, string>) => call('GET', url, undefined, headers),
    forgetCookie: () => {
      cookie = null;
    },
    get cookie() {
      return cookie;
    },
  };
}

export async function latestCode(app: FastifyInstance, to: string): Promise<string> {
  const response = await app.inject({ url: `/dev/outbox?to=${encodeURIComponent(to)}&limit=1` });
  const body = response.json().data[0]?.body as string | undefined;
  const match = body ? /\b(\d{6})\b/.exec(body) : null;
  if (!match) throw new Error(`no code in the outbox for ${to}`);
  return match[1]!;
}

/** The login password every test customer signs up with. */
export const testPassword = 'Vault-Key-2026';

/**
 * Signs a new customer up by e-mail (code from the dev outbox) through the identity API; the
 * client keeps the session cookie the registration answers with, so it is signed in.
 * `codeSent` is the answer to the request for the registration code.
 */
export async function signUpByEmail(
  app: FastifyInstance,
  email: string,
  password = testPassword,
  accountKind: 'personal' | 'enterprise' = 'personal',
) {
  const client = identityClient(app);
  const codeSent = await client.post(identityPaths.registerCode, { accountType: 'email', account: email, countryCode: 'DE' });
  const registered = await client.post(identityPaths.register, {
    accountType: 'email',
    account: email,
    countryCode: 'DE',
    code: await latestCode(app, email),
    password,
    confirmPassword: password,
    agreeTerms: true,
    accountKind,
  });
  expect(registered.body.code).toBe(0);
  return { client, userNo: registered.body.data.user.userNo as string, codeSent };
}

/**
 * Binds the authenticator of `secret` (generated for the customer) and sets the fund password,
 * each with a code to the customer's `email`; the fund password also with the authenticator's
 * code of the next 30-second step.
 */
export async function bindAuthenticatorAndFundPassword(
  app: FastifyInstance,
  client: ReturnType<typeof identityClient>,
  email: string,
  secret: string,
  fundPassword: string,
): Promise<void> {
  await client.post(identityPaths.userCode, { purpose: 'bindAuthenticator', channel: 'email' });
  await client.post(identityPaths.authenticatorBind, {
    secret,
    newGaCode: await totpCode(secret),
    emailCode: await latestCode(app, email),
  });
  await client.post(identityPaths.userCode, { purpose: 'fundPassword', channel: 'email' });
  const set = await client.post(identityPaths.fundPasswordSet, {
    fundPassword,
    confirmFundPassword: fundPassword,
    emailCode: await latestCode(app, email),
    gaCode: await totpCode(secret, Date.now() + 30_000),
  });
  expect(set.body.code).toBe(0);
}

/**
 * Logs an e-mail customer in afresh on a new client (password, then the e-mail code as the
 * second factor): a new session, its login time now.
 */
export async function logInByEmail(app: FastifyInstance, email: string, password = testPassword) {
  const client = identityClient(app);
  const first = await client.post(identityPaths.login, { accountType: 'email', account: email, password });
  expect(first.body.code, first.body.msg).toBe(0);
  const preLoginToken = first.body.data.preLoginToken as string;
  expect((await client.post(identityPaths.loginCode, { preLoginToken, method: 'email' })).body.code).toBe(0);
  const second = await client.post(identityPaths.loginTwofa, { preLoginToken, method: 'email', code: await latestCode(app, email) });
  expect(second.body.code, second.body.msg).toBe(0);
  return client;
}

/**
 * Test-only: moves the clock for the customer's live sessions, as if they had logged in
 * `minutes` ago (the sessions stay live: only their login time moves).
 */
export async function backdateLogins(db: Db, userId: string, minutes: number): Promise<void> {
  await db
    .updateTable('user_session')
    .set({ created_at: sql<Date>`now() - make_interval(mins => ${minutes})` })
    .where('user_id', '=', userId)
    .where('ended_at', 'is', null)
    .execute();
}
