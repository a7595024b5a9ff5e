import {
  adminKycEndpoints,
  countries,
  isRecordId,
  isRestrictedRegion,
  kycEndpoints,
  kycLimits,
  kycUploadErrorKey,
  type KycUploadPurpose,
  type Language,
} from '@coffer/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, preParsingAsyncHookHandler } from 'fastify';
import { Transform } from 'node:stream';
import { routeEndpoint, routeEndpointRaw } from '../../platform/http/endpoint-route';
import type { BlobStore } from '../../platform/storage';
import type { IdentityApi } from '../identity';
import { requireSession, signedIn } from '../identity';
import { operatorIdentityOf, type RequireOperator } from '../operators';
import type { KycLevelsService } from './kyc-levels.service';
import type { KycProviderService } from './kyc-provider.service';
import type { KycReviewService } from './kyc-review.service';
import type { KycSubmissionService } from './kyc-submission.service';
import { applicationOf, detailOf, levelInfoOf, queueItemOf, submissionOf } from './kyc-views';
import { findOwnUpload, type KycUploadRow } from './kyc.repository';
import type { Db } from '../../platform/db/database';
import { kycError } from './kyc.errors';

export interface KycServices {
  levels: KycLevelsService;
  submission: KycSubmissionService;
  provider: KycProviderService | null;
  review: KycReviewService;
}

export interface KycRouteDeps {
  db: Db;
  identity: IdentityApi;
  blobs: BlobStore;
  requireOperator: RequireOperator;
  /** The origin the browser reaches the app at (for the provider's return and callback URLs). */
  originOf(request: FastifyRequest): string;
}

/** The raw bodies the upload takes; the bytes decide what the file is, not this header. */
const uploadContentTypes = ['application/octet-stream', 'image/jpeg', 'image/png', 'application/pdf', 'video/webm', 'video/mp4'];

/** Each purpose's largest file (the inspector's policies hold the same). */
const uploadBodyLimits: Record<KycUploadPurpose, number> = { addressProof: kycLimits.imageMaxBytes, video: kycLimits.videoMaxBytes };

/**
 * Refuses an upload over its purpose's limit before it is held whole: at once from its
 * Content-Length, else as soon as the bytes received pass the limit. An unknown purpose gets
 * the smallest limit (its query is refused after).
 */
const limitUploadBody: preParsingAsyncHookHandler = async (request, _reply, payload) => {
  const asked = (request.query as { purpose?: unknown }).purpose;
  const purpose: KycUploadPurpose = asked === 'video' ? 'video' : 'addressProof';
  const limit = uploadBodyLimits[purpose];
  const tooLarge = () => kycError(kycUploadErrorKey(purpose, 'fileTooLarge') as Parameters<typeof kycError>[0], {}, 'file');
  if (Number(request.headers['content-length']) > limit) throw tooLarge();
  let received = 0;
  const counted = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      received += chunk.length;
      if (received > limit) next(tooLarge());
      else next(null, chunk);
    },
  });
  // Not `pipeline`: refusing must not destroy the request with the error, only stop reading it.
  payload.on('error', (error) => counted.destroy(error));
  return payload.pipe(counted);
};

/** The calendar day on the server (UTC): the age rule's "today". */
const today = () => new Date().toISOString().slice(0, 10);

const reviewerOf = (request: FastifyRequest) => operatorIdentityOf(request);

/** Sends a decrypted file so that a browser shows it but never runs it. */
async function sendFile(reply: FastifyReply, blobs: BlobStore, upload: KycUploadRow) {
  const blob = await blobs.get(upload.blob_key);
  if (!blob) throw kycError('kycUploadNotFound');
  return reply
    .header('content-type', upload.mime)
    .header('content-disposition', `${upload.kind === 'pdf' ? 'attachment' : 'inline'}; filename="kyc-${upload.id}.${upload.kind}"`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; img-src 'self'; media-src 'self'; sandbox")
    .header('cache-control', 'no-store')
    .send(blob.bytes);
}

/** Identity verification (spec §7 KYC): the customer's calls, the provider's webhook, and the back office's review. */
export function registerKycRoutes(app: FastifyInstance, services: KycServices, deps: KycRouteDeps): void {
  const { levels, submission, provider, review } = services;
  const guarded = { preHandler: requireSession };
  const providerOrUnavailable = () => {
    if (!provider) throw kycError('kycProviderSessionInvalid');
    return provider;
  };

  routeEndpoint(app, kycEndpoints.level, guarded, async (request) => levelInfoOf(await levels.summary(signedIn(request).userId)));
  routeEndpoint(app, kycEndpoints.countries, {}, async () =>
    countries.map((each) => ({ code: each.code, restricted: isRestrictedRegion(each.code) })),
  );
  routeEndpoint(app, kycEndpoints.providerCountries, guarded, async () =>
    (await providerOrUnavailable().countries()).map((each) => ({ code: each.country, documentTypes: each.documentTypes })),
  );
  routeEndpoint(app, kycEndpoints.applications, guarded, async (request) =>
    (await levels.applications(signedIn(request).userId)).map(applicationOf),
  );
  routeEndpoint(app, kycEndpoints.saveKyc1, guarded, async (request) =>
    submissionOf(await submission.saveKyc1(signedIn(request).userId, request.body, today())),
  );
  routeEndpoint(app, kycEndpoints.saveKyc3, guarded, async (request) =>
    submissionOf(await submission.saveKyc3(signedIn(request).userId, request.body)),
  );
  routeEndpoint(app, kycEndpoints.providerSession, guarded, (request) =>
    providerOrUnavailable().startSession(
      signedIn(request).userId,
      request.body,
      request.language as Language,
      deps.originOf(request as FastifyRequest),
    ),
  );
  routeEndpoint(app, kycEndpoints.saveKyc2, guarded, async (request) =>
    submissionOf(await providerOrUnavailable().returned(signedIn(request).userId, request.body.sessionId)),
  );
  routeEndpoint(app, kycEndpoints.faceQrCode, guarded, (request) =>
    providerOrUnavailable().faceQr(signedIn(request).userId, deps.originOf(request as FastifyRequest)),
  );

  // The phone that scanned the QR code: on to the provider's selfie step, or the §8 message.
  // (The token rides in the query: it is longer than a path parameter may be.)
  app.get<{ Querystring: { token?: unknown } }>('/audit/v1/web/faceid/qr', { schema: { hide: true } }, async (request, reply) => {
    const token = typeof request.query.token === 'string' ? request.query.token : '';
    return reply.redirect(await providerOrUnavailable().openQr(token), 303);
  });

  app.register(async (scope) => {
    // Raw bytes for the upload and the webhook (its signature is over the body exactly as sent).
    scope.addContentTypeParser(uploadContentTypes, { parseAs: 'buffer', bodyLimit: kycLimits.videoMaxBytes }, (_request, body, done) =>
      done(null, body),
    );
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 256 * 1024 }, (_request, body, done) =>
      done(null, body),
    );

    scope.register(async (uploads) => {
      uploads.addHook('preParsing', limitUploadBody);
      routeEndpoint(uploads, kycEndpoints.upload, guarded, async (request) => {
        const body: unknown = (request as FastifyRequest).body;
        if (!Buffer.isBuffer(body) || body.length === 0) throw kycError('kycUploadFailed');
        return submission.upload(signedIn(request).userId, request.query.purpose, body);
      });
    });

    scope.post('/audit/v1/provider/webhook', { schema: { hide: true } }, async (request, reply) => {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const outcome = await providerOrUnavailable().webhook(raw, request.headers);
      return reply.send({ received: true, outcome });
    });
  });

  // The customer's own file (only theirs).
  app.get<{ Params: { id: string } }>(
    '/audit/v1/action/upload/:id',
    { preHandler: requireSession, schema: { hide: true } },
    async (request, reply) => {
      const { id } = request.params;
      const upload = isRecordId(id) ? await findOwnUpload(deps.db, signedIn(request).userId, id) : undefined;
      if (!upload) throw kycError('kycUploadNotFound');
      return sendFile(reply, deps.blobs, upload);
    },
  );

  registerKycReviewRoutes(app, review, levels, deps);
}

/** The back office: the queue, an application, its file, the decision, the level limits. */
function registerKycReviewRoutes(app: FastifyInstance, review: KycReviewService, levels: KycLevelsService, deps: KycRouteDeps): void {
  const reviewer = { preHandler: deps.requireOperator('kyc.review') };
  const customerOf = (userId: string) => deps.identity.describe(userId);

  routeEndpoint(app, adminKycEndpoints.queue, { ...reviewer, hide: true }, async (request) => {
    const { total, rows } = await review.queue(request.query.page, request.query.pageSize);
    const customers = await deps.identity.describeMany(rows.map((row) => row.user_id));
    return { total, items: rows.map((row) => queueItemOf(row, customers.get(row.user_id)!)) };
  });
  const detail = async (id: string) => {
    const { row, upload, basic } = await review.application(id);
    return detailOf(row, await customerOf(row.user_id), upload, basic);
  };
  routeEndpoint(app, adminKycEndpoints.application, { ...reviewer, hide: true }, (request) => detail(request.params.id));
  routeEndpoint(app, adminKycEndpoints.approve, { ...reviewer, hide: true }, async (request) => {
    await review.approve(request.params.id, reviewerOf(request as FastifyRequest));
    return detail(request.params.id);
  });
  routeEndpoint(app, adminKycEndpoints.reject, { ...reviewer, hide: true }, async (request) => {
    await review.reject(request.params.id, reviewerOf(request as FastifyRequest), {
      key: request.body.key,
      text: request.body.text || null,
    });
    return detail(request.params.id);
  });
  routeEndpointRaw(app, adminKycEndpoints.file, { ...reviewer, hide: true }, async (request, reply) =>
    sendFile(reply, deps.blobs, await review.viewFile(request.params.id, reviewerOf(request as FastifyRequest))),
  );
  routeEndpoint(app, adminKycEndpoints.limits, { preHandler: deps.requireOperator('kyc.review'), hide: true }, () => levels.limits());
  routeEndpoint(app, adminKycEndpoints.setLimit, { preHandler: deps.requireOperator('kyc.limits'), hide: true }, (request) =>
    levels.setLimits(request.params.level, request.body, reviewerOf(request as FastifyRequest)),
  );
}
