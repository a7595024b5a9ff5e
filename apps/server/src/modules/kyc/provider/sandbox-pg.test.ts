import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test/database';
import { createPgSandboxSessionStore } from './sandbox-session.repository';
import { sandboxMigration } from './sandbox.migration';
import { completeForm, sessionRequest, startCallbackServer, startSandboxApp, submitOutcome, type SandboxHarness } from './sandbox-test-kit';

let database: TestDatabase;
let sandbox: SandboxHarness;
let callback: Awaited<ReturnType<typeof startCallbackServer>>;

beforeAll(async () => {
  // Only this table is needed; the composition root does not list the migration yet.
  database = await createTestDatabase({ migrate: false });
  await sandboxMigration.up(database.db);
  sandbox = await startSandboxApp(createPgSandboxSessionStore(database.db));
  callback = await startCallbackServer();
});

afterAll(async () => {
  await sandbox.close();
  await callback.close();
  await database.drop();
});

describe('the sandbox over PostgreSQL', () => {
  it('two parallel submits of one session deliver exactly one outcome', async () => {
    const session = await sandbox.provider.createSession(sessionRequest(callback.url, { reference: 'kyc-app-8001' }));
    const answers = await Promise.all([
      submitOutcome(sandbox.baseUrl, session.sessionId, completeForm({ outcome: 'approve' })),
      submitOutcome(sandbox.baseUrl, session.sessionId, completeForm({ outcome: 'reject', reason: 'faceMismatch', final: 'yes' })),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual([303, 303]);
    await sandbox.routes.settled();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await sandbox.routes.settled();
    expect(callback.received).toHaveLength(1);

    const delivered = callback.received[0]!;
    const parsed = sandbox.provider.parseWebhook(delivered.rawBody, delivered.headers, new Date());
    expect(parsed.ok).toBe(true);
    const row = await database.db
      .withTables<{ kyc_sandbox_session: { id: string; outcome: unknown; delivery_id: string | null } }>()
      .selectFrom('kyc_sandbox_session')
      .select(['outcome', 'delivery_id'])
      .where('id', '=', session.sessionId)
      .executeTakeFirstOrThrow();
    // The stored outcome is the one delivered, whichever submit won.
    expect(parsed.ok && parsed.webhook.outcome).toEqual(row.outcome);
    expect(parsed.ok && parsed.webhook.deliveryId).toBe(row.delivery_id);
  });

  it('keeps sessions where every process sees them, and completes each once', async () => {
    const store = createPgSandboxSessionStore(database.db);
    const expiresAt = new Date(Date.now() + 60_000);
    const created = await store.create({
      id: `sbx_${'a'.repeat(32)}`,
      reference: 'kyc-app-8002',
      customerRef: 'cust-1',
      country: 'DE',
      documentType: 'passport',
      locale: 'ru',
      successUrl: 'https://coffer.test/ok',
      errorUrl: 'https://coffer.test/error',
      callbackUrl: 'https://coffer.test/hook',
      expiresAt,
    });
    expect(created).toMatchObject({ documentType: 'passport', locale: 'ru', outcome: null, completedAt: null, delivery: null });
    expect(created.createdAt).toBeInstanceOf(Date);

    const completion = {
      outcome: { kind: 'manualReview' } as const,
      completedAt: new Date(),
      deliveryId: `dlv_${'b'.repeat(32)}`,
      deliveryBody: '{"x":1}',
    };
    // After its expiry a session cannot be completed.
    expect(await store.complete(created.id, { ...completion, completedAt: new Date(expiresAt.getTime() + 1) })).toBeNull();
    const completed = await store.complete(created.id, completion);
    expect(completed).toMatchObject({ outcome: { kind: 'manualReview' }, delivery: { id: completion.deliveryId, body: '{"x":1}' } });
    expect(await store.complete(created.id, { ...completion, deliveryId: `dlv_${'c'.repeat(32)}` })).toBeNull();
    expect((await store.get(created.id))?.delivery?.id).toBe(completion.deliveryId);
    expect(await store.get(`sbx_${'f'.repeat(32)}`)).toBeNull();
  });

  it('of many concurrent completes of one session exactly one wins', async () => {
    const store = createPgSandboxSessionStore(database.db);
    const { id } = await store.create({
      id: `sbx_${'d'.repeat(32)}`,
      reference: 'kyc-app-8003',
      customerRef: 'cust-2',
      country: 'DE',
      documentType: 'idCard',
      locale: 'en',
      successUrl: 'https://coffer.test/ok',
      errorUrl: 'https://coffer.test/error',
      callbackUrl: 'https://coffer.test/hook',
      expiresAt: new Date(Date.now() + 60_000),
    });
    const results = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        store.complete(id, {
          outcome: { kind: 'approved' },
          completedAt: new Date(),
          deliveryId: `dlv_${String(index).repeat(32)}`,
          deliveryBody: `{"attempt":${index}}`,
        }),
      ),
    );
    const winners = results.filter((result) => result !== null);
    expect(winners).toHaveLength(1);
    expect((await store.get(id))?.delivery).toEqual(winners[0]!.delivery);
  });
});
