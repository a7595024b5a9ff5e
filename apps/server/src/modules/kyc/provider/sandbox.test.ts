import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdentityProviderError } from './identity-provider';
import { createSandboxProvider } from './sandbox-identity-provider';
import { signSandboxRequest, signSandboxWebhook } from './sandbox-protocol';
import { createMemorySandboxSessionStore } from './sandbox-session-store';
import {
  completeForm,
  jpegBytes,
  sandboxSecret,
  sessionRequest,
  startCallbackServer,
  startSandboxApp,
  submitOutcome,
  type ReceivedWebhook,
  type SandboxHarness,
} from './sandbox-test-kit';

let sandbox: SandboxHarness;
let callback: Awaited<ReturnType<typeof startCallbackServer>>;

beforeAll(async () => {
  sandbox = await startSandboxApp(createMemorySandboxSessionStore());
  callback = await startCallbackServer();
});

afterAll(async () => {
  await sandbox.close();
  await callback.close();
});

function rawHeaders(webhook: ReceivedWebhook): Record<string, string | string[] | undefined> {
  return webhook.headers;
}

async function deliveredAfter(count: number): Promise<ReceivedWebhook> {
  await sandbox.routes.settled();
  const all = await callback.waitFor(count);
  return all[count - 1]!;
}

describe('the sandbox identity provider, end to end over HTTP', () => {
  it('create → hosted page → upload and approve → signed webhook that parseWebhook accepts', async () => {
    const before = Date.now();
    const session = await sandbox.provider.createSession(sessionRequest(callback.url));
    expect(session.sessionId).toMatch(/^sbx_[0-9a-f]{32}$/);
    expect(session.redirectUrl).toBe(`${sandbox.baseUrl}/sandbox/kyc/session/${session.sessionId}`);
    expect(session.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 30 * 60_000 - 1000);
    expect(session.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 30 * 60_000);

    const page = await fetch(session.redirectUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/style-src 'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain(`form-action 'self' ${sandbox.baseUrl} https://coffer.test`);
    expect(csp).not.toContain('script-src');
    const html = await page.text();
    expect(html).toContain('Coffer sandbox identity provider — test only');
    expect(html).toContain('Step 1: front of the document');
    expect(html).toContain('Step 2: back of the document');
    expect(html).toContain('Step 3: selfie');
    expect(html).toContain('name="documentFront" accept="image/jpeg,image/png"');
    expect(html).toContain('value="approve"');
    expect(html).toContain('value="manualReview"');
    expect(html).toContain('<option value="faceMismatch">');
    expect(html).not.toMatch(/<script|<img|<link|https?:\/\/(?!127\.0\.0\.1|coffer\.test|www\.w3)/);

    const submitted = await submitOutcome(sandbox.baseUrl, session.sessionId, completeForm({ outcome: 'approve' }));
    expect(submitted.status).toBe(303);
    expect(submitted.headers.get('location')).toBe('https://coffer.test/kyc/return?application=2001');

    const delivery = await deliveredAfter(1);
    expect(delivery.headers['content-type']).toBe('application/json');
    expect(delivery.headers['x-sandbox-delivery']).toMatch(/^dlv_[0-9a-f]{32}$/);
    const parsed = sandbox.provider.parseWebhook(delivery.rawBody, rawHeaders(delivery), new Date());
    expect(parsed).toEqual({
      ok: true,
      webhook: {
        deliveryId: delivery.headers['x-sandbox-delivery'],
        sessionId: session.sessionId,
        reference: 'kyc-app-2001',
        outcome: { kind: 'approved' },
        occurredAt: expect.any(Date) as unknown as Date,
      },
    });

    // The session is closed now: the page says so and a second submit delivers nothing.
    const after = await fetch(session.redirectUrl);
    expect(await after.text()).toContain('This session has already been submitted.');
    const again = await submitOutcome(sandbox.baseUrl, session.sessionId, completeForm({ outcome: 'reject', reason: 'faceMismatch' }));
    expect(again.status).toBe(303);
    await sandbox.routes.settled();
    expect(callback.received).toHaveLength(1);
  });

  it('reject with a reason (retryable or final) and manual review arrive as such', async () => {
    const start = callback.received.length;
    const expectations = [
      [
        { outcome: 'reject', reason: 'documentExpired' },
        { kind: 'rejected', reason: 'documentExpired', retryable: true },
      ],
      [
        { outcome: 'reject', reason: 'fraudSuspected', final: 'yes' },
        { kind: 'rejected', reason: 'fraudSuspected', retryable: false },
      ],
      [{ outcome: 'manualReview' }, { kind: 'manualReview' }],
    ] as const;
    for (const [index, [fields, outcome]] of expectations.entries()) {
      const session = await sandbox.provider.createSession(sessionRequest(callback.url, { reference: `kyc-app-30${index}` }));
      const submitted = await submitOutcome(sandbox.baseUrl, session.sessionId, completeForm(fields));
      expect(submitted.status).toBe(303);
      const delivery = await deliveredAfter(start + index + 1);
      const parsed = sandbox.provider.parseWebhook(delivery.rawBody, rawHeaders(delivery), new Date());
      expect(parsed.ok && parsed.webhook.outcome).toEqual(outcome);
      expect(parsed.ok && parsed.webhook.reference).toBe(`kyc-app-30${index}`);
    }
  });

  it('a passport session asks for no back side; the page is in the session’s language', async () => {
    const session = await sandbox.provider.createSession(
      sessionRequest(callback.url, { reference: 'kyc-app-4001', documentType: 'passport', locale: 'zh-TW' }),
    );
    const html = await (await fetch(session.redirectUrl)).text();
    expect(html).toContain('<html lang="zh-TW">');
    expect(html).toContain('Coffer 沙盒身分驗證服務 — 僅供測試');
    expect(html).toContain('第 2 步：自拍照');
    expect(html).not.toContain('documentBack');
    const start = callback.received.length;
    const submitted = await submitOutcome(sandbox.baseUrl, session.sessionId, completeForm({ outcome: 'approve' }, { documentBack: null }));
    expect(submitted.status).toBe(303);
    await deliveredAfter(start + 1);

    const ru = await sandbox.provider.createSession(sessionRequest(callback.url, { reference: 'kyc-app-4002', locale: 'ru' }));
    expect(await (await fetch(ru.redirectUrl)).text()).toContain('Тестовый провайдер верификации Coffer — только для тестов');
    const zh = await sandbox.provider.createSession(sessionRequest(callback.url, { reference: 'kyc-app-4003', locale: 'zh-CN' }));
    expect(await (await fetch(zh.redirectUrl)).text()).toContain('Coffer 沙盒身份验证服务 — 仅供测试');
  });

  it('bad uploads and choices re-render the page with what to fix, and complete nothing', async () => {
    const session = await sandbox.provider.createSession(sessionRequest(callback.url, { reference: 'kyc-app-5001' }));
    const start = callback.received.length;
    const cases = [
      [completeForm({ outcome: 'approve' }, { documentFront: Buffer.from('GIF89a-not-allowed') }), 'Only JPEG or PNG images are accepted.'],
      [completeForm({ outcome: 'approve' }, { selfie: null }), 'Choose a file for this step.'],
      [completeForm({ outcome: 'approve' }, { documentBack: Buffer.alloc(0) }), 'The file is empty.'],
      [
        completeForm({ outcome: 'approve' }, { selfie: Buffer.concat([jpegBytes, Buffer.alloc(5 * 1024 * 1024)]) }),
        'The file must be under 5 MB.',
      ],
      [completeForm({ outcome: 'reject', reason: 'notAReason' }), 'Choose a reason from the list.'],
      [completeForm({ outcome: 'reject', reason: 'faceMismatch', final: 'maybe' }), 'Choose a reason from the list.'],
      [completeForm({ outcome: 'accept-all' }), 'Choose an outcome.'],
      [completeForm({ outcome: 'approve\u0000' }), 'The form could not be read.'],
    ] as const;
    for (const [form, message] of cases) {
      const response = await submitOutcome(sandbox.baseUrl, session.sessionId, form);
      expect(response.status).toBe(400);
      expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
      expect(await response.text()).toContain(message);
    }
    const notMultipart = await fetch(`${sandbox.baseUrl}/sandbox/kyc/session/${session.sessionId}/complete`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'outcome=approve',
    });
    expect(notMultipart.status).toBe(400);
    // Over the route's body limit: refused by the framework with 413, never a 500.
    const oversized = completeForm({ outcome: 'approve' }, { selfie: Buffer.concat([jpegBytes, Buffer.alloc(16 * 1024 * 1024)]) });
    expect((await submitOutcome(sandbox.baseUrl, session.sessionId, oversized)).status).toBe(413);
    await sandbox.routes.settled();
    expect(callback.received).toHaveLength(start);

    // A technical failure returns to the error page and leaves the session open.
    const failed = await submitOutcome(sandbox.baseUrl, session.sessionId, completeForm({ outcome: 'technicalError' }));
    expect(failed.status).toBe(303);
    expect(failed.headers.get('location')).toBe('https://coffer.test/kyc/error?application=2001');
    expect((await fetch(session.redirectUrl)).status).toBe(200);
  });

  it('escapes what it shows and refuses what it cannot store', async () => {
    // The reference never reaches the page; the country and session id are escaped anyway.
    const notFound = await fetch(`${sandbox.baseUrl}/sandbox/kyc/session/%3Cscript%3E`);
    expect(notFound.status).toBe(404);
    expect(await notFound.text()).not.toContain('<script>');
    expect((await fetch(`${sandbox.baseUrl}/sandbox/kyc/session/sbx_${'0'.repeat(32)}`)).status).toBe(404);
    const unknown = await submitOutcome(sandbox.baseUrl, `sbx_${'0'.repeat(32)}`, completeForm({ outcome: 'approve' }));
    expect(unknown.status).toBe(404);

    for (const bad of [
      { reference: '<b>x</b>' },
      { customerRef: 'cust\u0007' },
      { country: 'Germany' },
      { successUrl: 'javascript:alert(1)' },
      { callbackUrl: 'https://user:pw@coffer.test/hook' },
      { errorUrl: 'https://coffer.test/a b' },
    ]) {
      const error = await sandbox.provider.createSession(sessionRequest(callback.url, bad)).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(IdentityProviderError);
      expect((error as IdentityProviderError).facts).toMatchObject({ status: 400, providerCode: 'invalidRequest' });
    }
    const unsupported = await sandbox.provider
      .createSession(sessionRequest(callback.url, { country: 'US' }))
      .catch((caught: unknown) => caught);
    expect((unsupported as IdentityProviderError).facts).toMatchObject({ status: 422, providerCode: 'unsupportedDocument' });
  });

  it('the API refuses unsigned, mis-signed, stale and malformed requests, never with a 500', async () => {
    const url = `${sandbox.baseUrl}/sandbox/kyc/api/sessions`;
    const body = JSON.stringify(sessionRequest(callback.url));
    const post = (headers: Record<string, string>, payload = body) =>
      fetch(url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: payload });
    const now = String(Math.floor(Date.now() / 1000));
    const signature = (timestamp: string, payload = body) =>
      signSandboxRequest(sandboxSecret, timestamp, 'POST', '/sandbox/kyc/api/sessions', payload);

    expect((await post({})).status).toBe(401);
    expect(await (await post({ 'x-sandbox-timestamp': now, 'x-sandbox-signature': 'ab'.repeat(32) })).json()).toEqual({
      error: 'badSignature',
    });
    const stale = String(Math.floor(Date.now() / 1000) - 400);
    expect(await (await post({ 'x-sandbox-timestamp': stale, 'x-sandbox-signature': signature(stale) })).json()).toEqual({
      error: 'staleTimestamp',
    });
    const broken = '{"reference":';
    const malformed = await post({ 'x-sandbox-timestamp': now, 'x-sandbox-signature': signature(now, broken) }, broken);
    expect(malformed.status).toBe(400);
    const extra = JSON.stringify({ ...sessionRequest(callback.url), email: 'someone@example.com' });
    const strict = await post({ 'x-sandbox-timestamp': now, 'x-sandbox-signature': signature(now, extra) }, extra);
    expect(await strict.json()).toEqual({ error: 'invalidRequest' });

    const countries = await sandbox.provider.supportedCountries();
    expect(countries).toContainEqual({ country: 'DE', documentTypes: ['idCard', 'driverLicence', 'passport'] });
    expect(countries.some((entry) => entry.country === 'US')).toBe(false);
    const wrongSecret = createSandboxProvider({ baseUrl: sandbox.baseUrl, secret: 'another-secret-0000000' });
    await expect(wrongSecret.supportedCountries()).rejects.toMatchObject({ facts: { status: 401, providerCode: 'badSignature' } });
  });

  it('redeliver sends the same delivery again with a fresh signature; parseWebhook refuses forgeries', async () => {
    const session = await sandbox.provider.createSession(sessionRequest(callback.url, { reference: 'kyc-app-6001' }));
    const redeliverUrl = `${sandbox.baseUrl}/sandbox/kyc/api/sessions/${session.sessionId}/redeliver`;
    const redeliver = () => {
      const timestamp = String(Math.floor(Date.now() / 1000));
      return fetch(redeliverUrl, {
        method: 'POST',
        headers: {
          'x-sandbox-timestamp': timestamp,
          'x-sandbox-signature': signSandboxRequest(sandboxSecret, timestamp, 'POST', new URL(redeliverUrl).pathname, ''),
        },
      });
    };
    expect((await redeliver()).status).toBe(409);

    const start = callback.received.length;
    await submitOutcome(sandbox.baseUrl, session.sessionId, completeForm({ outcome: 'approve' }));
    const first = await deliveredAfter(start + 1);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const answer = await redeliver();
    expect(answer.status).toBe(200);
    const second = (await callback.waitFor(start + 2))[start + 1]!;
    expect(await answer.json()).toEqual({ deliveryId: first.headers['x-sandbox-delivery'], delivered: true, status: 204 });
    expect(second.headers['x-sandbox-delivery']).toBe(first.headers['x-sandbox-delivery']);
    expect(second.rawBody.equals(first.rawBody)).toBe(true);
    expect(second.headers['x-sandbox-timestamp']).not.toBe(first.headers['x-sandbox-timestamp']);
    expect(second.headers['x-sandbox-signature']).not.toBe(first.headers['x-sandbox-signature']);
    const parsedFirst = sandbox.provider.parseWebhook(first.rawBody, rawHeaders(first), new Date());
    const parsedSecond = sandbox.provider.parseWebhook(second.rawBody, rawHeaders(second), new Date());
    expect(parsedSecond.ok && parsedSecond.webhook.deliveryId).toBe(parsedFirst.ok && parsedFirst.webhook.deliveryId);

    const timestamp = String(second.headers['x-sandbox-timestamp']);
    const headers = { ...second.headers } as Record<string, string>;
    const parse = (body: Buffer, changed: Record<string, string>, now = new Date()) =>
      sandbox.provider.parseWebhook(body, { ...headers, ...changed }, now);
    // Bad signature: another secret, a tampered body, none at all.
    expect(
      parse(second.rawBody, { 'x-sandbox-signature': signSandboxWebhook('another-secret-0000000', timestamp, second.rawBody) }),
    ).toEqual({
      ok: false,
      reason: 'badSignature',
    });
    const tampered = Buffer.from(second.rawBody.toString().replace('"approved"', '"manualReview"'));
    expect(parse(tampered, {})).toEqual({ ok: false, reason: 'badSignature' });
    expect(parse(second.rawBody, { 'x-sandbox-signature': '' })).toEqual({ ok: false, reason: 'badSignature' });
    // Stale: the genuine delivery, received more than five minutes later (or earlier).
    expect(parse(second.rawBody, {}, new Date(Number(timestamp) * 1000 + 301_000))).toEqual({ ok: false, reason: 'staleTimestamp' });
    expect(parse(second.rawBody, {}, new Date(Number(timestamp) * 1000 - 301_000))).toEqual({ ok: false, reason: 'staleTimestamp' });
    // Malformed: correctly signed, but not the documented shape.
    const signedBody = (body: string) => ({
      body: Buffer.from(body),
      headers: { 'x-sandbox-signature': signSandboxWebhook(sandboxSecret, timestamp, body) },
    });
    const webhookBody = JSON.parse(second.rawBody.toString()) as Record<string, unknown>;
    for (const body of [
      'not json',
      JSON.stringify({ ...webhookBody, extra: 1 }),
      JSON.stringify({ ...webhookBody, outcome: { kind: 'rejected', reason: 'whatever', retryable: true } }),
      JSON.stringify({ ...webhookBody, deliveryId: `dlv_${'1'.repeat(32)}` }),
    ]) {
      const signed = signedBody(body);
      expect(parse(signed.body, signed.headers)).toEqual({ ok: false, reason: 'malformed' });
    }
    expect(parse(second.rawBody, { 'x-sandbox-timestamp': 'soon' })).toEqual({ ok: false, reason: 'malformed' });
  });
});

describe('webhook delivery retries', () => {
  it('retries a refused delivery with backoff until it is accepted', async () => {
    const flaky = await startCallbackServer({ failFirst: 2 });
    try {
      const session = await sandbox.provider.createSession(sessionRequest(flaky.url, { reference: 'kyc-app-7001' }));
      await submitOutcome(sandbox.baseUrl, session.sessionId, completeForm({ outcome: 'approve' }));
      await sandbox.routes.settled();
      expect(flaky.received).toHaveLength(3);
      const ids = new Set(flaky.received.map((delivery) => delivery.headers['x-sandbox-delivery']));
      expect(ids.size).toBe(1);
      const last = flaky.received[2]!;
      expect(sandbox.provider.parseWebhook(last.rawBody, rawHeaders(last), new Date()).ok).toBe(true);
    } finally {
      await flaky.close();
    }
  });
});
