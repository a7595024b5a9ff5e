import { depositPaths, errorCatalogue, identityPaths } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import type { DevFaucet } from '../../modules/deposits';

/**
 * What production exposes. `npm start` is production on the embedded default (no
 * DATABASE_URL); a real deployment is production with DATABASE_URL.
 */

const metricsToken = 'metrics-token-0123456789abcdef0123456789';
const testFaucet: DevFaucet = {
  chain: 'ethereum',
  coins: ['ETH'],
  send: async () => ({ txid: '0x00', amount: 1n, scale: 18 }),
};

let database: TestDatabase;
let embeddedDefault: FastifyInstance;
let deployment: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  const depositChains = { chains: [], faucets: [testFaucet] };
  embeddedDefault = await buildTestApp(database.db, { env: { NODE_ENV: 'production' }, depositChains });
  deployment = await buildTestApp(database.db, {
    env: {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://coffer@db.internal:5432/coffer',
      PASSWORD_PEPPER: 'a pepper that is long enough to be real',
      SECRET_KEY: 'ab'.repeat(32),
      PUBLIC_ORIGIN: 'https://coffer.example',
      // A real deployment's messaging (nothing is sent in these tests).
      SMTP_URL: 'smtp://mail.internal:587',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: `AC${'1'.repeat(32)}`,
      TWILIO_AUTH_TOKEN: 'twilio-auth-token-for-tests',
      TWILIO_FROM: '+15005550006',
      COOKIE_SECURE: 'true',
      API_DOCS_PUBLIC: 'false',
      METRICS_TOKEN: metricsToken,
    },
    depositChains,
  });
});

afterAll(async () => {
  await embeddedDefault.close();
  await deployment.close();
  await database.drop();
});

describe('/metrics in production', () => {
  it('is closed to everyone without METRICS_TOKEN, with a JSON envelope', async () => {
    const response = await embeddedDefault.inject('/metrics');
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.headers['www-authenticate']).toBe('Bearer realm="metrics"');
    expect(response.json()).toMatchObject({ code: errorCatalogue.noPermission.code });
    expect(response.body).not.toContain('coffer_http_requests_total');
  });

  it('answers only the bearer of METRICS_TOKEN', async () => {
    expect((await deployment.inject('/metrics')).statusCode).toBe(401);
    expect((await deployment.inject({ url: '/metrics', headers: { authorization: `Bearer ${metricsToken}x` } })).statusCode).toBe(401);
    expect((await deployment.inject({ url: '/metrics', headers: { authorization: metricsToken } })).statusCode).toBe(401);
    const scrape = await deployment.inject({ url: '/metrics', headers: { authorization: `Bearer ${metricsToken}` } });
    expect(scrape.statusCode).toBe(200);
    expect(scrape.body).toContain('coffer_http_requests_total');
  });
});

describe('/docs', () => {
  it('is public by default, also in production', async () => {
    const document = await embeddedDefault.inject('/docs/json');
    expect(document.statusCode).toBe(200);
    expect(document.json().openapi).toMatch(/^3\./);
  });

  it('is not served with API_DOCS_PUBLIC=false, though the document is still built', async () => {
    for (const url of ['/docs', '/docs/json']) {
      const response = await deployment.inject({ url, headers: { accept: 'application/json' } });
      expect(response.statusCode, url).toBe(404);
      expect(response.json()).toMatchObject({ code: errorCatalogue.routeNotFound.code });
    }
    expect((deployment.swagger() as { openapi: string }).openapi).toMatch(/^3\./);
  });
});

describe('the dev faucet', () => {
  it('is mounted on the embedded default, also under npm start (production)', async () => {
    const response = await embeddedDefault.inject({ method: 'POST', url: depositPaths.devFaucet, payload: { coin: 'ETH' } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: errorCatalogue.loginRequired.code });
  });

  it('does not exist in a real deployment, even beside local chains', async () => {
    const response = await deployment.inject({ method: 'POST', url: depositPaths.devFaucet, payload: { coin: 'ETH' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: errorCatalogue.routeNotFound.code });
  });
});

describe('the Origin check in production', () => {
  const stateChange = (app: FastifyInstance, headers: Record<string, string>) =>
    app.inject({ method: 'POST', url: identityPaths.preLogin, headers, payload: {} });

  it('accepts the loopback origins at PORT on the embedded default, and no Host the caller names', async () => {
    for (const origin of ['http://localhost:8080', 'http://127.0.0.1:8080']) {
      expect((await stateChange(embeddedDefault, { origin })).statusCode, origin).toBe(400);
    }
    const rebound = await stateChange(embeddedDefault, { host: 'evil.example', origin: 'http://evil.example' });
    expect(rebound.statusCode).toBe(403);
    expect(rebound.json()).toMatchObject({ code: errorCatalogue.forbiddenOrigin.code });
  });

  it('accepts only PUBLIC_ORIGIN in a real deployment', async () => {
    expect((await stateChange(deployment, { origin: 'https://coffer.example' })).statusCode).toBe(400);
    expect((await stateChange(deployment, { host: 'evil.example', origin: 'http://evil.example' })).statusCode).toBe(403);
    expect((await stateChange(deployment, { origin: 'http://127.0.0.1:8080' })).statusCode).toBe(403);
  });
});

describe('transport headers', () => {
  it('sends Strict-Transport-Security when COOKIE_SECURE=true, and only then', async () => {
    expect((await deployment.inject('/healthz')).headers['strict-transport-security']).toBe('max-age=31536000');
    expect((await embeddedDefault.inject('/healthz')).headers['strict-transport-security']).toBeUndefined();
  });
});
