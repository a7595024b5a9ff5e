import { errorCatalogue, kycPaths } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testSecrets } from '../../../test/app';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { noisyPng } from '../../../test/fixtures/uploads/image-fixtures';
import { signUpByEmail } from '../../../test/identity-helpers';
import { freeLoopbackPort as freePort } from '../../platform/process/free-port';
import { derivedSecret } from './kyc-provider-choice';
import { completeForm } from './provider/sandbox-test-kit';
import { newSandboxDeliveryId, sandboxHeaders, signSandboxWebhook } from './provider/sandbox-protocol';
import type { KycSandboxTables } from './provider/sandbox.schema';

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
  return startSessionFor(call, { documentCountry: 'DE', documentType: 'idCard' });
}

async function startSessionFor(
  call: Awaited<ReturnType<typeof basicCustomer>>['call'],
  body: { documentCountry: string; documentType: string },
) {
  const started = await call('POST', kycPaths.providerSession, body);
  expect(started.code).toBe(0);
  return started.data as unknown as { url: string; sessionId: string };
}

/** The customer's KYC2 application (the session start made it). */
function levelTwoApplication(userId: string) {
  return database.db
    .selectFrom('kyc_application')
    .select('id')
    .where('user_id', '=', userId)
    .where('level', '=', 2)
    .executeTakeFirstOrThrow();
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
    const application = await levelTwoApplication(userId);
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

  it('100 starts at once by one customer open one application bound to one session, and every answer names that session', async () => {
    const { call, userId } = await basicCustomer();
    const body = { documentCountry: 'DE', documentType: 'idCard' };
    const answers = await Promise.all(Array.from({ length: 100 }, () => call('POST', kycPaths.providerSession, body)));
    expect(answers.map((answer) => answer.code)).toEqual(Array.from({ length: 100 }, () => 0));
    const answered = answers[0]!.data as unknown as { url: string; sessionId: string; expiresAt: string };
    expect(answers.map((answer) => answer.data)).toEqual(Array.from({ length: 100 }, () => answered));

    const applications = await database.db
      .selectFrom('kyc_application')
      .select(['id', 'level', 'state', 'provider_session_id'])
      .where('user_id', '=', userId)
      .execute();
    expect(applications).toEqual([{ id: applications[0]!.id, level: 2, state: 'continue', provider_session_id: answered.sessionId }]);
    const sandboxSession = await database.db
      .withTables<KycSandboxTables>()
      .selectFrom('kyc_sandbox_session')
      .select(['reference', 'completed_at'])
      .where('id', '=', answered.sessionId)
      .executeTakeFirstOrThrow();
    expect(sandboxSession).toEqual({ reference: applications[0]!.id, completed_at: null });
    expect((await fetch(local(answered.url))).status).toBe(200);

    // One more start answers the same session; another document replaces it (still one application).
    expect((await call('POST', kycPaths.providerSession, body)).data).toEqual(answered);
    const passport = await startSessionFor(call, { documentCountry: 'DE', documentType: 'passport' });
    expect(passport.sessionId).not.toBe(answered.sessionId);
    expect(await database.db.selectFrom('kyc_application').select('provider_session_id').where('user_id', '=', userId).execute()).toEqual([
      { provider_session_id: passport.sessionId },
    ]);
    expect((await call('POST', kycPaths.saveKyc2, { sessionId: answered.sessionId })).code).toBe(
      errorCatalogue.kycProviderSessionInvalid.code,
    );
    expect((await call('POST', kycPaths.saveKyc2, { sessionId: passport.sessionId })).code).toBe(0);
  }, 60_000);

  it('100 completes of one session at once record one outcome, deliver it once and apply it once; every submit goes back to the app', async () => {
    const { call, userId } = await basicCustomer();
    const session = await startSession(call);
    const application = await levelTwoApplication(userId);
    const choices: Record<string, string>[] = [
      { outcome: 'approve' },
      { outcome: 'reject', reason: 'faceMismatch' },
      { outcome: 'manualReview' },
    ];
    const answers = await Promise.all(
      Array.from({ length: 100 }, async (_, index) => {
        const answer = await fetch(`${local(session.url)}/complete`, {
          method: 'POST',
          body: completeForm(choices[index % choices.length]!),
          redirect: 'manual',
        });
        await answer.body?.cancel();
        return `${answer.status} ${answer.headers.get('location')}`;
      }),
    );
    const back = `303 ${new URL(session.url).origin}/identification?kyc2=returned`;
    expect(answers).toEqual(Array.from({ length: 100 }, () => back));

    const decided = () =>
      database.db
        .selectFrom('kyc_application')
        .select(['state', 'provider_outcome'])
        .where('id', '=', application.id)
        .executeTakeFirstOrThrow();
    await until(async () => (await decided()).provider_outcome !== null);
    // Room for any second delivery to arrive (there must be none).
    await new Promise((resolve) => setTimeout(resolve, 500));
    const recorded = await database.db
      .withTables<KycSandboxTables>()
      .selectFrom('kyc_sandbox_session')
      .select(['outcome', 'delivery_id'])
      .where('id', '=', session.sessionId)
      .executeTakeFirstOrThrow();
    const outcome = recorded.outcome!;
    const deliveries = await database.db
      .selectFrom('kyc_webhook_delivery')
      .select('delivery_id')
      .where('session_id', '=', session.sessionId)
      .execute();
    expect(deliveries).toEqual([{ delivery_id: recorded.delivery_id }]);
    const states = { approved: 'verified', rejected: 'failed', manualReview: 'verifying' } as const;
    expect(await decided()).toEqual({ state: states[outcome.kind], provider_outcome: outcome });
    const audit = await database.db.selectFrom('audit_log').select('action').where('subject_id', '=', application.id).execute();
    expect(audit).toEqual([{ action: `kyc.provider.${outcome.kind}` }]);
    expect((await levelOf(call)).level).toBe(outcome.kind === 'approved' ? 2 : 1);
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
