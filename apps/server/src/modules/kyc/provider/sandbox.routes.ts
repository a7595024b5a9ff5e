import { countries, isRestrictedRegion } from '@coffer/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isStorableText } from '../../../platform/http/input-guard';
import { providerDocumentTypes, type SupportedCountry } from './identity-provider';
import { boundaryOf, checkImage, parseMultipart, sandboxImageMaxBytes, type MultipartForm } from './sandbox-multipart';
import {
  imageFieldsFor,
  renderSandboxClosedPage,
  renderSandboxNotFoundPage,
  renderSandboxSessionPage,
  sandboxOutcomeChoices,
  sandboxPageCsp,
  type SandboxPageProblems,
} from './sandbox-page';
import {
  assertSandboxSecret,
  hasOnlyStorableText,
  newSandboxDeliveryId,
  newSandboxSessionId,
  sandboxHeaders,
  sandboxPaths,
  sandboxRejectReasons,
  sandboxSessionIdPattern,
  sandboxSessionRequestSchema,
  sandboxSessionTtlSeconds,
  sandboxWindowSeconds,
  signSandboxRequest,
  type SandboxOutcome,
  type SandboxWebhookBody,
} from './sandbox-protocol';
import type { SandboxSession, SandboxSessionStore } from './sandbox-session-store';
import { createSandboxWebhookSender } from './sandbox-webhook-sender';
import { isSameHexMac, unixSeconds, unixSecondsOf } from './signing';

export interface SandboxKycRoutesOptions {
  /** Shared with the adapter (`createSandboxProvider`): signs requests and webhooks. */
  secret: string;
  store: SandboxSessionStore;
  /** The app's origin as the browser reaches it (the hosted page's links). */
  publicBaseUrl: string;
  /** What the sandbox accepts; every selectable country with every document type by default. */
  countries?: SupportedCountry[];
  retryDelaysMs?: readonly number[];
  fetchImpl?: typeof fetch;
  clock?: () => Date;
}

export interface SandboxKycRoutes {
  /** Resolves when every webhook delivery under way has finished (tests, shutdown). */
  settled(): Promise<void>;
}

/** Three images at the limit, with room for the form's other parts. */
const completeBodyLimit = 3 * sandboxImageMaxBytes + 64 * 1024;

type IdParams = { Params: { id: string } };

function defaultCountries(): SupportedCountry[] {
  return countries
    .filter((entry) => !isRestrictedRegion(entry.code))
    .map((entry) => ({ country: entry.code, documentTypes: [...providerDocumentTypes] }));
}

/**
 * The sandbox identity provider, served by the app under /sandbox/kyc and reached over HTTP
 * like a real one: a signed JSON API (sessions, countries, test-only re-delivery) and a hosted
 * page where a tester uploads the images and chooses the outcome; the outcome goes back as a
 * signed webhook to the session's callback URL, retried with backoff, once per session.
 */
export async function registerSandboxKycRoutes(app: FastifyInstance, options: SandboxKycRoutesOptions): Promise<SandboxKycRoutes> {
  assertSandboxSecret(options.secret);
  const clock = options.clock ?? (() => new Date());
  const publicBaseUrl = options.publicBaseUrl.replace(/\/+$/, '');
  const supported = options.countries ?? defaultCountries();
  const sender = createSandboxWebhookSender({
    secret: options.secret,
    log: app.log,
    clock,
    ...(options.retryDelaysMs ? { retryDelaysMs: options.retryDelaysMs } : {}),
    ...(options.fetchImpl ? { fetchImpl: options.fetchImpl } : {}),
  });

  function apiRefusal(request: FastifyRequest): { status: number; error: string } | null {
    const timestampText = request.headers[sandboxHeaders.timestamp];
    const signature = request.headers[sandboxHeaders.signature];
    const timestamp = unixSecondsOf(typeof timestampText === 'string' ? timestampText : undefined);
    if (typeof timestampText !== 'string' || timestamp === null) return { status: 401, error: 'badSignature' };
    const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const expected = signSandboxRequest(options.secret, timestampText, request.method, request.url, body);
    if (!isSameHexMac(expected, typeof signature === 'string' ? signature : undefined)) return { status: 401, error: 'badSignature' };
    if (Math.abs(unixSeconds(clock()) - timestamp) > sandboxWindowSeconds) return { status: 401, error: 'staleTimestamp' };
    return null;
  }

  const pageUrl = (id: string) => `${publicBaseUrl}${sandboxPaths.page(id)}`;
  const completeUrl = (id: string) => `${publicBaseUrl}${sandboxPaths.complete(id)}`;

  // The page's own content policy, stricter than the app's: set again by a route hook, which
  // runs after the app's own header hooks.
  const pagePolicies = new WeakMap<FastifyReply, string>();
  const keepPagePolicy = async (_request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const policy = pagePolicies.get(reply);
    if (policy) reply.header('content-security-policy', policy);
    return payload;
  };

  function sendPage(reply: FastifyReply, status: number, html: string, session: SandboxSession | null): FastifyReply {
    const policy = sandboxPageCsp(session ? [publicBaseUrl, session.successUrl, session.errorUrl] : [publicBaseUrl]);
    pagePolicies.set(reply, policy);
    return reply
      .status(status)
      .header('content-security-policy', policy)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
  }

  async function findSession(id: string): Promise<SandboxSession | null> {
    return sandboxSessionIdPattern.test(id) ? options.store.get(id) : null;
  }

  await app.register(async (scope) => {
    // Bodies stay raw: signatures are checked over the bytes as sent, and the hosted page's
    // form is multipart. Each route parses and validates what it accepts itself.
    // A provider of its own, not Coffer's API: none of its routes is in the OpenAPI document.
    scope.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, hide: true };
    });
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    // Strings are checked here once parsed (the app's input guard would walk raw buffers).
    const config = { refusesUnstorableTextItself: true };
    scope.addHook('onClose', async () => {
      sender.close();
      await sender.settled();
    });

    scope.post(sandboxPaths.sessions, { config }, async (request, reply) => {
      const refusal = apiRefusal(request);
      if (refusal) return reply.status(refusal.status).send({ error: refusal.error });
      let json: unknown;
      try {
        json = JSON.parse(Buffer.isBuffer(request.body) ? request.body.toString('utf8') : '');
      } catch {
        return reply.status(400).send({ error: 'malformed' });
      }
      const parsed = sandboxSessionRequestSchema.safeParse(json);
      if (!parsed.success || !hasOnlyStorableText(json)) {
        const field = parsed.success ? undefined : parsed.error.issues[0]?.path.join('.');
        return reply.status(400).send({ error: 'invalidRequest', ...(field ? { field } : {}) });
      }
      const wanted = parsed.data;
      if (!supported.some((entry) => entry.country === wanted.country && entry.documentTypes.includes(wanted.documentType)))
        return reply.status(422).send({ error: 'unsupportedDocument' });
      const session = await options.store.create({
        ...wanted,
        id: newSandboxSessionId(),
        expiresAt: new Date(clock().getTime() + sandboxSessionTtlSeconds * 1000),
      });
      return reply
        .status(201)
        .send({ sessionId: session.id, redirectUrl: pageUrl(session.id), expiresAt: session.expiresAt.toISOString() });
    });

    scope.get(sandboxPaths.countries, { config }, async (request, reply) => {
      const refusal = apiRefusal(request);
      if (refusal) return reply.status(refusal.status).send({ error: refusal.error });
      return reply.send({ countries: supported });
    });

    scope.post<IdParams>(sandboxPaths.redeliver(':id'), { config }, async (request, reply) => {
      const refusal = apiRefusal(request);
      if (refusal) return reply.status(refusal.status).send({ error: refusal.error });
      const session = await findSession(request.params.id);
      if (!session) return reply.status(404).send({ error: 'notFound' });
      if (!session.delivery) return reply.status(409).send({ error: 'notCompleted' });
      const attempt = await sender.deliverOnce({ url: session.callbackUrl, deliveryId: session.delivery.id, body: session.delivery.body });
      return reply.send({ deliveryId: session.delivery.id, delivered: attempt.delivered, status: attempt.status ?? null });
    });

    scope.get<IdParams>(sandboxPaths.page(':id'), { config, onSend: keepPagePolicy }, async (request, reply) => {
      const session = await findSession(request.params.id);
      if (!session) return sendPage(reply, 404, renderSandboxNotFoundPage(), null);
      if (session.completedAt) return sendPage(reply, 200, renderSandboxClosedPage(session, 'completed'), session);
      if (session.expiresAt.getTime() <= clock().getTime())
        return sendPage(reply, 410, renderSandboxClosedPage(session, 'expired'), session);
      return sendPage(reply, 200, renderSandboxSessionPage(session, { completeUrl: completeUrl(session.id) }), session);
    });

    scope.post<IdParams>(
      sandboxPaths.complete(':id'),
      { config: { ...config, acceptsAnyOrigin: true }, bodyLimit: completeBodyLimit, onSend: keepPagePolicy },
      async (request, reply) => {
        const session = await findSession(request.params.id);
        if (!session) return sendPage(reply, 404, renderSandboxNotFoundPage(), null);
        const now = clock();
        // A second submit of a completed session (a double click) changes nothing.
        if (session.completedAt) return reply.redirect(session.successUrl, 303);
        if (session.expiresAt.getTime() <= now.getTime()) return reply.redirect(session.errorUrl, 303);

        const boundary = boundaryOf(request.headers['content-type']);
        const form = boundary && Buffer.isBuffer(request.body) ? parseMultipart(request.body, boundary) : null;
        const again = (problems: SandboxPageProblems) =>
          sendPage(reply, 400, renderSandboxSessionPage(session, { completeUrl: completeUrl(session.id), problems }), session);
        if (!form || ![...form.fields.values()].every(isStorableText)) return again({ form: 'unreadableForm' });

        const choice = form.fields.get('outcome');
        if (choice === 'technicalError') return reply.redirect(session.errorUrl, 303);
        const decided = outcomeOf(form, choice);
        const problems: SandboxPageProblems = { ...decided.problems };
        for (const field of imageFieldsFor(session)) {
          const check = checkImage(form.files.get(field));
          if (check !== 'ok') problems[field] = check;
        }
        if (!decided.outcome || Object.keys(problems).length > 0) return again(problems);

        const deliveryId = newSandboxDeliveryId();
        const body: SandboxWebhookBody = {
          deliveryId,
          sessionId: session.id,
          reference: session.reference,
          outcome: decided.outcome,
          occurredAt: now.toISOString(),
        };
        const deliveryBody = JSON.stringify(body);
        const completed = await options.store.complete(session.id, {
          outcome: decided.outcome,
          completedAt: now,
          deliveryId,
          deliveryBody,
        });
        if (completed) sender.deliverInBackground({ url: completed.callbackUrl, deliveryId, body: deliveryBody });
        request.log.info({ sessionId: session.id, deliveryId: completed ? deliveryId : null }, 'kyc sandbox session submitted');
        return reply.redirect(completed ? completed.successUrl : session.successUrl, 303);
      },
    );
  });

  return { settled: () => sender.settled() };
}

function outcomeOf(form: MultipartForm, choice: string | undefined): { outcome: SandboxOutcome | null; problems: SandboxPageProblems } {
  if (!sandboxOutcomeChoices.some((known) => known === choice)) return { outcome: null, problems: { outcome: 'badOutcome' } };
  if (choice === 'approve') return { outcome: { kind: 'approved' }, problems: {} };
  if (choice === 'manualReview') return { outcome: { kind: 'manualReview' }, problems: {} };
  const reason = sandboxRejectReasons.find((known) => known === form.fields.get('reason'));
  if (!reason) return { outcome: null, problems: { reason: 'badReason' } };
  const final = form.fields.get('final');
  if (final !== undefined && final !== 'yes') return { outcome: null, problems: { reason: 'badReason' } };
  return { outcome: { kind: 'rejected', reason, retryable: final === undefined }, problems: {} };
}
