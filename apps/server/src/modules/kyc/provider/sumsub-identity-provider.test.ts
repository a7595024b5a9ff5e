import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdentityProviderError, type IdentityProvider, type ProviderSessionRequest } from './identity-provider';
import { createSumsubIdentityProvider, rejectionReasonOf } from './sumsub-identity-provider';
import { startFakeSumsub, sumsubWebhookBody } from './sumsub-test-kit';

const appToken = 'sbx:test-app-token-0001';
const secretKey = 'test-secret-key-0001';
const webhookSecretKey = 'test-webhook-secret-0001';
const levelName = 'coffer-kyc2-id-and-selfie';

let sumsub: Awaited<ReturnType<typeof startFakeSumsub>>;
let provider: IdentityProvider;

const request: ProviderSessionRequest = {
  reference: 'kyc-app-1001',
  customerRef: 'cust-7f3a',
  country: 'DE',
  documentType: 'idCard',
  successUrl: 'https://coffer.test/kyc/return?application=1001',
  errorUrl: 'https://coffer.test/kyc/error',
  callbackUrl: 'https://coffer.test/kyc/webhook/sumsub',
  locale: 'zh-TW',
};

beforeAll(async () => {
  sumsub = await startFakeSumsub({ appToken, secretKey, levels: [levelName] });
  provider = createSumsubIdentityProvider({
    apiUrl: sumsub.url,
    appToken,
    secretKey,
    webhookSecretKey,
    levelName,
    countries: [{ country: 'DE', documentTypes: ['idCard', 'passport'] }],
  });
});

afterAll(async () => {
  await sumsub.close();
});

function signed(body: string, algorithm: 'sha1' | 'sha256' | 'sha512' = 'sha256', key = webhookSecretKey) {
  return createHmac(algorithm, key).update(body).digest('hex');
}

describe('Sumsub session creation', () => {
  it('asks for a WebSDK link with the documented signed request and maps the answer to a session', async () => {
    const before = Date.now();
    const session = await provider.createSession(request);

    expect(session.sessionId).toBe('kyc-app-1001');
    expect(session.redirectUrl).toMatch(new RegExp(`^${sumsub.url}/websdk/p/[\\w-]+$`));
    expect(session.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 1800 * 1000 - 1000);
    expect(session.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 1800 * 1000);

    const sent = sumsub.received.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/resources/sdkIntegrations/levels/-/websdkLink?lang=zh-tw');
    expect(sent.headers['x-app-token']).toBe(appToken);
    expect(JSON.parse(sent.body)).toEqual({
      levelName,
      userId: 'kyc-app-1001',
      ttlInSecs: 1800,
      redirect: { successUrl: request.successUrl, rejectUrl: request.successUrl },
    });
    // The customer's own id is never sent: only the opaque reference is.
    expect(sent.body).not.toContain('cust-7f3a');
  });

  it('maps the locales onto Sumsub language codes', async () => {
    for (const [locale, lang] of [
      ['en', 'en'],
      ['zh-CN', 'zh'],
      ['ru', 'ru'],
    ] as const) {
      await provider.createSession({ ...request, locale });
      expect(sumsub.received.at(-1)!.path).toBe(`/resources/sdkIntegrations/levels/-/websdkLink?lang=${lang}`);
    }
  });

  it('a request signed with the wrong secret is refused with Sumsub’s code, and the error says nothing of the request', async () => {
    const wrong = createSumsubIdentityProvider({
      apiUrl: sumsub.url,
      appToken,
      secretKey: 'not-the-secret',
      webhookSecretKey,
      levelName,
      countries: [],
    });
    const error = await wrong.createSession(request).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(IdentityProviderError);
    expect((error as IdentityProviderError).facts).toMatchObject({ provider: 'sumsub', status: 401, providerCode: 4003 });
    expect((error as IdentityProviderError).facts.correlationId).toMatch(/^[0-9a-f]{32}$/);
    expect((error as Error).message).toBe('Sumsub refused the WebSDK link: HTTP 401, error 4003 (app-token-signature mismatch)');
    expect((error as Error).message).not.toContain('kyc-app-1001');
  });

  it('a clock a few minutes off is refused as Sumsub refuses it', async () => {
    const skewed = createSumsubIdentityProvider({
      apiUrl: sumsub.url,
      appToken,
      secretKey,
      webhookSecretKey,
      levelName,
      countries: [],
      clock: () => new Date(Date.now() - 5 * 60_000),
    });
    await expect(skewed.createSession(request)).rejects.toMatchObject({ facts: { status: 401 } });
  });

  it('an unknown level and an unreachable API are provider errors', async () => {
    const otherLevel = createSumsubIdentityProvider({
      apiUrl: sumsub.url,
      appToken,
      secretKey,
      webhookSecretKey,
      levelName: 'no-such-level',
      countries: [],
    });
    await expect(otherLevel.createSession(request)).rejects.toMatchObject({ facts: { status: 404 } });
    const unreachable = createSumsubIdentityProvider({
      apiUrl: 'http://127.0.0.1:1',
      appToken,
      secretKey,
      webhookSecretKey,
      levelName,
      countries: [],
    });
    await expect(unreachable.createSession(request)).rejects.toThrow(/^Sumsub could not be reached/);
  });

  it('answers the configured countries', async () => {
    expect(await provider.supportedCountries()).toEqual([{ country: 'DE', documentTypes: ['idCard', 'passport'] }]);
  });
});

describe('Sumsub webhooks', () => {
  const now = new Date('2026-11-23T10:00:00.000Z');
  const reviewed = (reviewResult: Parameters<typeof sumsubWebhookBody>[0]['reviewResult'], createdAt = now) =>
    sumsubWebhookBody({ type: 'applicantReviewed', externalUserId: 'kyc-app-1001', levelName, createdAt, reviewResult });
  const parse = (body: string, headers: Record<string, string> = { 'x-payload-digest': signed(body) }) =>
    provider.parseWebhook(Buffer.from(body), headers, now);

  it('GREEN is approved, with the reference and a delivery id stable across re-sends', () => {
    const body = reviewed({ reviewAnswer: 'GREEN' });
    const parsed = parse(body, { 'X-Payload-Digest': signed(body), 'X-Payload-Digest-Alg': 'HMAC_SHA256_HEX' });
    expect(parsed).toEqual({
      ok: true,
      webhook: {
        deliveryId: expect.stringMatching(/^sumsub:[0-9a-f]{64}$/) as unknown as string,
        sessionId: 'kyc-app-1001',
        reference: 'kyc-app-1001',
        outcome: { kind: 'approved' },
        occurredAt: now,
      },
    });
    const again = parse(body);
    expect(again.ok && parsed.ok && again.webhook.deliveryId).toBe(parsed.ok && parsed.webhook.deliveryId);
  });

  it('RED with RETRY is a retryable rejection; RED with FINAL is final; the labels name the reason', () => {
    const retry = parse(
      reviewed({ reviewAnswer: 'RED', reviewRejectType: 'RETRY', rejectLabels: ['UNSATISFACTORY_PHOTOS', 'SCREENSHOTS'] }),
    );
    expect(retry.ok && retry.webhook.outcome).toEqual({ kind: 'rejected', reason: 'documentUnreadable', retryable: true });

    const final = parse(
      reviewed({
        reviewAnswer: 'RED',
        reviewRejectType: 'FINAL',
        rejectLabels: ['BAD_FACE_MATCHING', 'FORGERY'],
        clientComment: 'Name Surname, document 123456 is forged',
      }),
    );
    expect(final.ok && final.webhook.outcome).toEqual({ kind: 'rejected', reason: 'fraudSuspected', retryable: false });
    // The provider's free text never reaches the outcome.
    expect(JSON.stringify(final)).not.toContain('Surname');

    const expired = parse(reviewed({ reviewAnswer: 'RED', reviewRejectType: 'RETRY', rejectLabels: ['EXPIRATION_DATE'] }));
    expect(expired.ok && expired.webhook.outcome).toEqual({ kind: 'rejected', reason: 'documentExpired', retryable: true });
    const noType = parse(reviewed({ reviewAnswer: 'RED', rejectLabels: ['SOMETHING_NEW'] }));
    expect(noType.ok && noType.webhook.outcome).toEqual({ kind: 'rejected', reason: 'other', retryable: false });
  });

  it('maps labels most serious first', () => {
    expect(rejectionReasonOf(['BAD_FACE_MATCHING'])).toBe('faceMismatch');
    expect(rejectionReasonOf(['BAD_SELFIE', 'SANCTIONS'])).toBe('screeningHit');
    expect(rejectionReasonOf(['BACK_SIDE_MISSING'])).toBe('documentUnreadable');
    expect(rejectionReasonOf([])).toBe('other');
  });

  it('applicantOnHold is manual review; other events and other levels are not an outcome', () => {
    const onHold = sumsubWebhookBody({ type: 'applicantOnHold', externalUserId: 'kyc-app-1001', levelName, createdAt: now });
    const held = parse(onHold);
    expect(held.ok && held.webhook.outcome).toEqual({ kind: 'manualReview' });

    const pending = sumsubWebhookBody({ type: 'applicantPending', externalUserId: 'kyc-app-1001', levelName, createdAt: now });
    expect(parse(pending)).toEqual({ ok: false, reason: 'malformed' });
    const otherLevel = sumsubWebhookBody({
      type: 'applicantReviewed',
      externalUserId: 'kyc-app-1001',
      levelName: 'coffer-kyc3-video',
      createdAt: now,
      reviewResult: { reviewAnswer: 'GREEN' },
    });
    expect(parse(otherLevel)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('refuses a wrong digest, a tampered body, another key or algorithm, and a missing digest', () => {
    const body = reviewed({ reviewAnswer: 'GREEN' });
    expect(parse(body, { 'x-payload-digest': signed(body, 'sha256', 'another-key') })).toEqual({ ok: false, reason: 'badSignature' });
    expect(parse(body.replace('GREEN', 'RED'), { 'x-payload-digest': signed(body) })).toEqual({ ok: false, reason: 'badSignature' });
    expect(parse(body, { 'x-payload-digest': signed(body, 'sha1'), 'x-payload-digest-alg': 'HMAC_SHA1_HEX' })).toEqual({
      ok: false,
      reason: 'badSignature',
    });
    expect(parse(body, {})).toEqual({ ok: false, reason: 'badSignature' });
  });

  it('verifies SHA-512 digests when the webhook is set up with them', () => {
    const sha512 = createSumsubIdentityProvider({
      apiUrl: sumsub.url,
      appToken,
      secretKey,
      webhookSecretKey,
      webhookDigestAlgorithm: 'HMAC_SHA512_HEX',
      levelName,
      countries: [],
    });
    const body = reviewed({ reviewAnswer: 'GREEN' });
    const headers = { 'x-payload-digest': signed(body, 'sha512'), 'x-payload-digest-alg': 'HMAC_SHA512_HEX' };
    expect(sha512.parseWebhook(Buffer.from(body), headers, now).ok).toBe(true);
  });

  it('refuses an event created outside the window, and a body that is not the documented shape', () => {
    expect(parse(reviewed({ reviewAnswer: 'GREEN' }, new Date(now.getTime() - 301_000)))).toEqual({ ok: false, reason: 'staleTimestamp' });
    expect(parse(reviewed({ reviewAnswer: 'GREEN' }, new Date(now.getTime() + 301_000)))).toEqual({ ok: false, reason: 'staleTimestamp' });
    expect(parse(reviewed({ reviewAnswer: 'GREEN' }, new Date(now.getTime() - 299_000))).ok).toBe(true);
    for (const body of ['not json', '{}', JSON.stringify({ type: 'applicantReviewed', externalUserId: 'x', createdAtMs: 'yesterday' })]) {
      expect(parse(body)).toEqual({ ok: false, reason: 'malformed' });
    }
  });
});
