import { identityPaths } from '@coffer/contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

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
 */
export async function signUpByEmail(app: FastifyInstance, email: string, password = testPassword) {
  const client = identityClient(app);
  await client.post(identityPaths.registerCode, { accountType: 'email', account: email, countryCode: 'DE' });
  const registered = await client.post(identityPaths.register, {
    accountType: 'email',
    account: email,
    countryCode: 'DE',
    code: await latestCode(app, email),
    password,
    confirmPassword: password,
    agreeTerms: true,
  });
  expect(registered.body.code).toBe(0);
  return { client, userNo: registered.body.data.user.userNo as string };
}
