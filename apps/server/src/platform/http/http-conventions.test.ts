import { mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildTestApp } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { signUpByEmail } from '../../../test/identity-helpers';
import { openDatabase } from '../db/database';
import { sql } from 'kysely';
import { receiptVerificationCommands } from './api-description';
import { DomainError } from '../errors/domain-error';
import { successEnvelope } from './envelope';

let database: TestDatabase;
let app: FastifyInstance;

const echoBodySchema = z.object({
  amount: z.string().regex(/^\d+(\.\d+)?$/),
  asset: z.enum(['BTC', 'ETH']),
  note: z.string().max(10).optional(),
});

beforeAll(async () => {
  database = await createTestDatabase();
  const webDist = await mkdtemp(path.join(os.tmpdir(), 'coffer-web-'));
  await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Coffer</title><div id="root"></div>');
  app = await buildTestApp(database.db, {
    env: { WEB_DIST_DIR: webDist, BODY_LIMIT_BYTES: '2048' },
    beforeReady(instance) {
      const routes = instance.withTypeProvider<ZodTypeProvider>();
      routes.post('/test/echo', { schema: { body: echoBodySchema } }, async (request) =>
        successEnvelope(request.language, {
          body: request.body,
          clientKind: request.clientKind,
          clientVersion: request.clientVersion,
          jwtToken: request.jwtToken,
        }),
      );
      routes.get('/test/domain-error', async () => {
        throw new DomainError('insufficientBalance');
      });
      routes.get('/test/crash', async () => {
        throw new Error('secret internal detail at /srv/coffer/db.ts:42');
      });
      routes.get('/test/database-refusal', async () => {
        await sql`select ${'12ab'}::bigint`.execute(database.db);
        return successEnvelope('en', null);
      });
    },
  });
});

afterAll(async () => {
  await app.close();
  await database.drop();
});

describe('the envelope', () => {
  it('wraps success as code 0 in the caller language', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'language-type': '3', 'client-version': 'ios/3.2.1', 'jwt-token': 'abc' },
      payload: { amount: '1.5', asset: 'BTC' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      code: 0,
      msg: '成功',
      data: { body: { amount: '1.5', asset: 'BTC' }, clientKind: 'ios', clientVersion: '3.2.1', jwtToken: 'abc' },
    });
  });

  it('treats a missing client-version as the web', async () => {
    const response = await app.inject({ method: 'POST', url: '/test/echo', payload: { amount: '1', asset: 'ETH' } });
    expect(response.json().data).toMatchObject({ clientKind: 'web', clientVersion: null, jwtToken: null });
  });

  it.each([
    ['1', 'Missing required parameter: asset'],
    ['2', 'Не указан обязательный параметр: asset'],
    ['3', '缺少必要參數：asset'],
    ['0', '缺少必要参数：asset'],
  ])('names a missing field in language %s', async (languageType, message) => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'language-type': languageType },
      payload: { amount: '1' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 19000002, msg: message, data: { field: 'asset' } });
  });

  it('names an invalid field', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/echo',
      payload: { amount: '1.2.3', asset: 'BTC' },
    });
    expect(response.json()).toMatchObject({ code: 19000003, msg: 'Invalid parameter: amount', data: { field: 'amount' } });
  });

  it('answers a body that is not JSON with an envelope', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json', 'language-type': '2' },
      payload: '{"amount": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 19000004, msg: 'Тело запроса не является корректным JSON' });
  });

  it('answers a body over the size limit with an envelope', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/echo',
      payload: { amount: '1', asset: 'BTC', note: 'x'.repeat(4096) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 19000005 });
  });

  it('answers an unsupported content type with an envelope', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<amount/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 19000007 });
  });

  it('answers an unknown API route with an envelope naming it', async () => {
    const response = await app.inject({ method: 'GET', url: '/wallet/client/nope?x=1', headers: { accept: 'application/json' } });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 19000006, msg: 'No such API: GET /wallet/client/nope' });
  });

  it('turns a domain error into its catalogue code and message', async () => {
    const response = await app.inject({ method: 'GET', url: '/test/domain-error', headers: { 'language-type': '0' } });
    expect(response.json()).toMatchObject({ code: 17000001, msg: '余额不足' });
  });

  it('never shows a stack trace, only the request id', async () => {
    const response = await app.inject({ method: 'GET', url: '/test/crash', headers: { 'x-request-id': 'trace-id-1234' } });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toMatch(/secret|\/srv|db\.ts/);
    expect(response.json()).toEqual({
      code: 19000001,
      msg: 'Unknown error, please try again later',
      data: { requestId: 'trace-id-1234' },
    });
    expect(response.headers['x-request-id']).toBe('trace-id-1234');
  });

  it('answers a value PostgreSQL refuses as an invalid parameter, never a crash', async () => {
    const response = await app.inject('/test/database-refusal');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 19000003, data: { field: 'request' } });
  });

  it('gives every error a fresh request id when the caller sends none or a bad one', async () => {
    const response = await app.inject({ method: 'GET', url: '/test/crash', headers: { 'x-request-id': 'bad id with spaces' } });
    const requestId = response.json().data.requestId as string;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['x-request-id']).toBe(requestId);
  });
});

describe('text the database cannot store', () => {
  it('keeps TAB, LF and CR in free text', async () => {
    const response = await app.inject({ method: 'POST', url: '/test/echo', payload: { amount: '1', asset: 'BTC', note: 'a\tb\r\nc' } });
    expect(response.json()).toMatchObject({ code: 0, data: { body: { note: 'a\tb\r\nc' } } });
  });

  it.each([
    ['NUL', '"a\\u0000b"'],
    ['DEL', '"a\\u007fb"'],
    ['a lone surrogate', '"a\\ud800b"'],
  ])('refuses %s before validation, naming the field', async (_what, note) => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json', 'language-type': '3' },
      payload: `{"amount":"1","asset":"BTC","note":${note}}`,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 19000003, msg: '參數無效：note', data: { field: 'note' } });
  });

  it('refuses a control character in a query parameter the route does not even declare', async () => {
    const response = await app.inject({ url: '/healthz?probe=%00' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 19000003, data: { field: 'probe' } });
  });
});

describe('headers of answers', () => {
  it('gives refusals from hooks (401, 403) a JSON content type', async () => {
    const signedOut = await app.inject({ url: '/uc/synUserInfo' });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.headers['content-type']).toBe('application/json; charset=utf-8');
    const crossOrigin = await app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { origin: 'https://evil.example' },
      payload: { amount: '1', asset: 'BTC' },
    });
    expect(crossOrigin.statusCode).toBe(403);
    expect(crossOrigin.headers['content-type']).toBe('application/json; charset=utf-8');
  });

  it('marks every signed-in JSON answer no-store', async () => {
    const { client } = await signUpByEmail(app, 'headers@example.com');
    const signedIn = await app.inject({ url: '/uc/synUserInfo', headers: { cookie: client.cookie! } });
    expect(signedIn.json()).toMatchObject({ code: 0 });
    expect(signedIn.headers['cache-control']).toBe('no-store');
    expect((await app.inject('/test/domain-error')).headers['cache-control']).toBe('no-store');
  });

  it('sends no Strict-Transport-Security without COOKIE_SECURE', async () => {
    expect((await app.inject('/healthz')).headers['strict-transport-security']).toBeUndefined();
  });
});

describe('during a database outage', () => {
  it('answers /readyz 503 with database false, even to a caller with a session cookie; other calls 503', async () => {
    const unreachable = openDatabase('postgres://postgres@127.0.0.1:1/coffer', { max: 1 });
    const outage = await buildTestApp(unreachable.db);
    try {
      const cookie = `coffer_session=${'a'.repeat(43)}`;
      for (const headers of [{}, { cookie }, { 'jwt-token': 'b'.repeat(43) }]) {
        const ready = await outage.inject({ url: '/readyz', headers });
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toEqual({ status: 'not-ready', checks: { database: false, jobs: true } });
      }
      const signedIn = await outage.inject({ url: '/uc/synUserInfo', headers: { cookie } });
      expect(signedIn.statusCode).toBe(503);
      expect(signedIn.json()).toMatchObject({ code: 19000010 });
    } finally {
      await outage.close();
      await unreachable.close();
    }
  });
});

describe('one port for the web app and the API', () => {
  it('gives a browser navigation the web app for any client route', async () => {
    for (const url of ['/', '/propertyCenter/balance', '/ru/home', '/trade/orders']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['content-security-policy']).toContain("script-src 'self'");
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
  });
});

describe('operations endpoints', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await app.inject('/healthz')).json()).toEqual({ status: 'ok' });
    const ready = await app.inject('/readyz');
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: true, jobs: true } });
  });

  it('counts requests in /metrics by route pattern', async () => {
    await app.inject('/healthz');
    const metrics = await app.inject('/metrics');
    expect(metrics.body).toMatch(/coffer_http_requests_total\{method="GET",route="\/healthz",status="200"\} \d+/);
    expect(metrics.body).toContain('coffer_http_request_duration_seconds_bucket');
  });

  it('serves the OpenAPI document generated from the zod schemas, and its reference UI', async () => {
    const document = (await app.inject('/docs/json')).json();
    expect(document.openapi).toMatch(/^3\./);
    expect(document.paths['/test/echo'].post.requestBody.content['application/json'].schema.required).toEqual(['amount', 'asset']);
    expect(document.paths['/pfs/anon/v1/site-config']).toBeDefined();
    const ui = await app.inject({ url: '/docs', headers: { accept: 'text/html' } });
    expect([200, 302]).toContain(ui.statusCode);
    // The receipt signing format with its worked example is part of the reference.
    expect(document.info.description).toContain('## Signed quotes and receipts');
    expect(document.info.description).toContain(receiptVerificationCommands());
  });

  it('tells the web app about the deployment', async () => {
    const response = await app.inject('/pfs/anon/v1/site-config');
    expect(response.json()).toMatchObject({
      code: 0,
      data: { name: 'coffer', environment: 'test', mobileSiteUrl: null, brandVariant: false },
    });
  });
});
