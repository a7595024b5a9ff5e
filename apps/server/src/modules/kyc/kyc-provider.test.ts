import { errorCatalogue, kycPaths } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testSecrets } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { noisyPng } from '../../../test/fixtures/uploads/image-fixtures';
import { signUpByEmail } from '../../../test/identity-helpers';
import { freePort } from '../../../test/ports';
import { derivedSecret } from './kyc-provider-choice';
import { completeForm } from './provider/sandbox-test-kit';
import { newSandboxDeliveryId, sandboxHeaders, signSandboxWebhook } from './provider/sandbox-protocol';

/**
 * KYC2 through the sandbox provider the app serves itself, reached over real HTTP as a real
 * provider would be: the hosted page, the tester's outcome, the signed webhook back.
 */

let database: TestDatabase;
let app: FastifyInstance;
let base: string;
let counter = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  const port = await freePort();
  app = await buildTestApp(database.db, { env: { KYC_PROVIDER: 'sandbox', PORT: String(port) } });
  await app.listen({ host: '127.0.0.1', port });
  base = `http://127.0.0.1:${port}`;
}, 60_000);

afterAll(async () => {
  await app?.close();
  await database?.drop();
});

/** A customer at level 1, calling over HTTP with their session cookie. */
async function basicCustomer() {
  counter += 1;
  const { client, userNo } = await signUpByEmail(app, `kyc2-${counter}-${Date.now() % 100000}@coffer.test`);
  const user = await database.db.selectFrom('app_user').select('id').where('user_no', '=', userNo).executeTakeFirstOrThrow();
  await database.db.updateTable('app_user').set({ kyc_level: 1 }).where('id', '=', user.id).execute();
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown) => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: { cookie: client.cookie!, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return (await response.json()) as { code: number; msg: string; data: Record<string, unknown> & { [key: string]: never } };
  };
  return { call, userId: user.id };
}

/** The provider's page as the browser opens it (the sandbox names the app's public origin). */
const local = (url: string) => url.replace(/^http:\/\/(localhost|127\.0\.0\.1):\d+/, base);

async function startSession(call: Awaited<ReturnType<typeof basicCustomer>>['call']) {
  const started = await call('POST', kycPaths.providerSession, { documentCountry: 'DE', documentType: 'idCard' });
  expect(started.code).toBe(0);
  return started.data as unknown as { url: string; sessionId: string };
}

async function levelOf(call: Awaited<ReturnType<typeof basicCustomer>>['call']) {
  return (await call('GET', kycPaths.level)).data as unknown as {
    level: number;
    levels: { advanced: { state: string; rejectReason: unknown } };
  };
}

async function until(check: () => Promise<boolean>) {
  for (let tries = 0; tries < 100; tries += 1) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('not reached in 10 s');
}

describe('KYC2 through the sandbox identity provider', () => {
  it('hosted page, approve, signed webhook: the customer is advanced; the QR code continues the same session', async () => {
    const { call } = await basicCustomer();
    const session = await startSession(call);
    const page = await fetch(local(session.url));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('sandbox');

    const qr = await call('GET', kycPaths.faceQrCode);
    expect(qr.code).toBe(0);
    const scanned = await fetch(local(String(qr.data.qrPayload)), { redirect: 'manual' });
    expect(scanned.status).toBe(303);
    expect(scanned.headers.get('location')).toBe(`${session.url}#selfie`);
    // A forged QR token leads nowhere.
    const forged = await fetch(`${base}/audit/v1/web/faceid/qr?token=${'A'.repeat(40)}.${'B'.repeat(43)}`, { redirect: 'manual' });
    expect(((await forged.json()) as { code: number }).code).toBe(errorCatalogue.kycQrUnavailable.code);

    // Posted from the hosted page itself, whose browser sends `Origin: null`.
    const submitted = await fetch(`${local(session.url)}/complete`, {
      method: 'POST',
      headers: { origin: 'null' },
      body: completeForm({ outcome: 'approve' }),
      redirect: 'manual',
    });
    expect([submitted.status, submitted.status === 303 ? '' : await submitted.text()]).toEqual([303, '']);
    expect(submitted.headers.get('location')).toContain('/identification?kyc2=returned');
    const returned = await call('POST', kycPaths.saveKyc2, { sessionId: session.sessionId });
    expect(returned.code).toBe(0);
    await until(async () => (await levelOf(call)).level === 2);
    expect((await levelOf(call)).levels.advanced.state).toBe('verified');
  }, 60_000);

  it('a rejection with its reason, and a manual review left for a person', async () => {
    const rejected = await basicCustomer();
    const first = await startSession(rejected.call);
    await fetch(`${local(first.url)}/complete`, {
      method: 'POST',
      body: completeForm({ outcome: 'reject', reason: 'faceMismatch' }),
      redirect: 'manual',
    });
    await until(async () => (await levelOf(rejected.call)).levels.advanced.state === 'failed');
    expect((await levelOf(rejected.call)).levels.advanced.rejectReason).toMatchObject({ key: 'faceMismatch' });
    // Failed: the customer may start again.
    expect((await rejected.call('POST', kycPaths.providerSession, { documentCountry: 'DE', documentType: 'passport' })).code).toBe(0);

    const reviewed = await basicCustomer();
    const second = await startSession(reviewed.call);
    await fetch(`${local(second.url)}/complete`, { method: 'POST', body: completeForm({ outcome: 'manualReview' }), redirect: 'manual' });
    await until(async () => {
      const row = await database.db
        .selectFrom('kyc_application')
        .select(['state', 'provider_outcome'])
        .where('user_id', '=', reviewed.userId)
        .executeTakeFirst();
      return row?.state === 'verifying' && row.provider_outcome !== null;
    });
    expect((await levelOf(reviewed.call)).level).toBe(1);
  }, 60_000);

  it('a bad signature, a stale timestamp and a replayed delivery change nothing; one delivery twice records one outcome', async () => {
    const { call, userId } = await basicCustomer();
    const session = await startSession(call);
    const application = await database.db
      .selectFrom('kyc_application')
      .select('id')
      .where('user_id', '=', userId)
      .where('level', '=', 2)
      .executeTakeFirstOrThrow();
    const secret = derivedSecret(testSecrets.key, 'sandbox');
    const deliveryId = newSandboxDeliveryId();
    const body = JSON.stringify({
      deliveryId,
      sessionId: session.sessionId,
      reference: application.id,
      outcome: { kind: 'approved' },
      occurredAt: new Date().toISOString(),
    });
    const deliver = (timestamp: number, signature?: string) =>
      fetch(`${base}/audit/v1/provider/webhook`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [sandboxHeaders.timestamp]: String(timestamp),
          [sandboxHeaders.signature]: signature ?? signSandboxWebhook(secret, String(timestamp), body),
          [sandboxHeaders.delivery]: deliveryId,
        },
        body,
      });
    const now = Math.floor(Date.now() / 1000);
    const forged = await deliver(now, signSandboxWebhook('another-secret-of-enough-length', String(now), body));
    expect(((await forged.json()) as { code: number }).code).toBe(errorCatalogue.invalidSignature.code);
    const stale = await deliver(now - 900);
    expect(((await stale.json()) as { code: number }).code).toBe(errorCatalogue.invalidSignature.code);
    expect((await levelOf(call)).level).toBe(1);
    expect(
      await database.db.selectFrom('kyc_webhook_delivery').select('delivery_id').where('delivery_id', '=', deliveryId).execute(),
    ).toEqual([]);

    // The same delivery 100 times at once: applied once, every other one a duplicate.
    const answers = await Promise.all(Array.from({ length: 100 }, () => deliver(now)));
    const outcomes = await Promise.all(answers.map(async (answer) => ((await answer.json()) as { outcome: string }).outcome));
    expect(outcomes.filter((outcome) => outcome === 'applied')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'duplicate')).toHaveLength(99);
    expect((await levelOf(call)).level).toBe(2);
    const audit = await database.db.selectFrom('audit_log').select('action').where('subject_id', '=', application.id).execute();
    expect(audit.map((row) => row.action)).toEqual(['kyc.provider.approved']);
  }, 60_000);
});

describe('uploads over HTTP', () => {
  it('takes the raw bytes of an address proof with its content type, and refuses a body it cannot judge', async () => {
    counter += 1;
    const { client } = await signUpByEmail(app, `up${counter}-${Date.now() % 100000}@coffer.test`);
    const post = (bytes: Buffer, type: string) =>
      fetch(`${base}${kycPaths.upload}?purpose=addressProof`, {
        method: 'POST',
        headers: { cookie: client.cookie!, 'content-type': type },
        body: bytes,
      });
    const accepted = (await (await post(noisyPng(160, 120), 'image/png')).json()) as { code: number; data: { uploadId: string } };
    expect(accepted.code).toBe(0);
    expect(accepted.data.uploadId).toMatch(/^\d+$/);
    const html = (await (await post(Buffer.from('<html><script>alert(1)</script></html>'.padEnd(30_000)), 'image/png')).json()) as {
      code: number;
    };
    expect(html.code).toBe(errorCatalogue.kycDocumentType.code);
  });
});
