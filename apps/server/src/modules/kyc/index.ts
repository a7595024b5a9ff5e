import type { KycApplication } from '@coffer/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JobDefinition } from '../../platform/jobs/job-queue';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { AppConfig } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import type { ServerSecrets } from '../../platform/security/secrets';
import { createEncryptedFileStore, type BlobStore } from '../../platform/storage';
import type { AuditApi } from '../audit';
import type { AttemptLimiter, AttemptPolicy, IdentityApi } from '../identity';
import type { RequireOperator } from '../operators';
import { isLastSix } from './kyc-id-number';
import { createKycLevelsService, type KycLevelsService, type LevelLimits } from './kyc-levels.service';
import { chooseIdentityProvider, derivedSecret, servesSandbox, type KycProviderConfig } from './kyc-provider-choice';
import { createKycProviderService } from './kyc-provider.service';
import { createKycReviewService } from './kyc-review.service';
import { createKycSubmissionService, uploadTtlMs } from './kyc-submission.service';
import { uploadPurgeJob } from './kyc-upload-purge';
import { registerKycRoutes } from './kyc.routes';
import { applicationOf } from './kyc-views';
import { verifiedBasicApplication } from './kyc.repository';
import { createQrHandoff } from './provider/qr-handoff';
import { createPgSandboxSessionStore } from './provider/sandbox-session.repository';
import { registerSandboxKycRoutes } from './provider/sandbox.routes';

export type { KycLevelsService, LevelLimits } from './kyc-levels.service';
/** For `bench/trade`, which reads the level limits as the module does. */
export { createKycLevelsService } from './kyc-levels.service';

/** What other modules ask of KYC. */
export interface KycApi {
  /** What a verified level allows (spec §6): the 24-hour withdrawal limit and the largest spot trade, USD. */
  limitsFor(level: number): Promise<LevelLimits>;
  /** What the customer's verified level allows now (level and limits read fresh, never cached: a withdrawal's 24-hour limit). */
  limitsOf(userId: string): Promise<LevelLimits>;
  /**
   * Spec §5 ID check: whether six characters are the last six of the customer's verified ID
   * number, compared in constant time within the attempt limit (5 an hour); `null` when the
   * customer has no verified ID number.
   */
  checkIdLast6(userId: string, lastSix: string): Promise<boolean | null>;
  /**
   * The largest spot trade of the customer's level, USD. Read on every quote, so level and
   * limits are kept a few seconds per process (a level only rises: a stale one is stricter).
   */
  tradeMaxUsdFor(userId: string): Promise<string>;
  /** A customer's applications, newest first (the back office's profile). */
  applications(userId: string): Promise<KycApplication[]>;
}

export interface KycModule {
  api: KycApi;
  /** The hourly purge of expired uploads and their files. */
  jobs: JobDefinition[];
  register(app: FastifyInstance): Promise<void>;
}

export interface KycModuleDeps {
  db: Db;
  config: KycProviderConfig & Pick<AppConfig, 'DATA_DIR' | 'PUBLIC_ORIGIN' | 'PORT'>;
  secrets: ServerSecrets;
  identity: IdentityApi;
  limiter: AttemptLimiter;
  audit: AuditApi;
  requireOperator: RequireOperator;
  /** Where uploads are kept; by default encrypted files under DATA_DIR/kyc-files. */
  blobs?: BlobStore;
}

/** Answers kept for a few seconds per process (at most 10,000 keys; full, it starts again); `clear` forgets them all. */
function shortCache<K, V>(load: (key: K) => Promise<V>, ttlMs = 5000): { get(key: K): Promise<V>; clear(): void } {
  const entries = new Map<K, { value: Promise<V>; until: number }>();
  return {
    get(key) {
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.until > now) return hit.value;
      if (entries.size >= 10_000) entries.clear();
      const value = load(key);
      entries.set(key, { value, until: now + ttlMs });
      value.catch(() => entries.delete(key));
      return value;
    },
    clear: () => entries.clear(),
  };
}

/** The trade module's read of a customer's largest spot trade, and the forgetting of the limits it keeps. */
export interface TradeLimitReads {
  (userId: string): Promise<string>;
  /** Forgets this process's copy of the level limits (after a change of them here). */
  forgetLimits(): void;
}

/**
 * The largest spot trade of a customer's level, USD, as the trade module reads it on every
 * quote: level and limits kept a few seconds per process (a level only rises, so a stale one
 * is stricter). A change of limits is seen at once by the process that made it (it forgets its
 * copy); other processes keep theirs for at most 5 s, so they may allow or refuse a trade by
 * the old limit that long. The module's `tradeMaxUsdFor`; exported for `bench/trade`, which
 * measures quotes with this lookup in their path.
 */
export function createTradeLimitReads(deps: {
  levels: Pick<KycLevelsService, 'limitsFor'>;
  identity: Pick<IdentityApi, 'kycLevel'>;
}): TradeLimitReads {
  const cachedLevel = shortCache((userId: string) => deps.identity.kycLevel(userId));
  const cachedLimits = shortCache((level: number) => deps.levels.limitsFor(level));
  const read = async (userId: string) => (await cachedLimits.get(await cachedLevel.get(userId))).tradeMaxUsd;
  return Object.assign(read, { forgetLimits: () => cachedLimits.clear() });
}

const idCardByAccount: AttemptPolicy = { scope: 'id-card:account', maxFailures: 5, windowMinutes: 60, lockMinutes: 60, onSuccess: 'reset' };

/**
 * The kyc module (issue 15): identity verification in three levels — KYC1 decided by the §5
 * rules, KYC2 by the identity provider (sandbox or Sumsub), KYC3 by a person in the back
 * office — with uploads judged by content and kept encrypted, and the per-level limits.
 */
export function createKycModule(deps: KycModuleDeps): KycModule {
  const { db, config, secrets, identity, audit } = deps;
  const blobs =
    deps.blobs ??
    createEncryptedFileStore({
      dir: path.join(config.DATA_DIR, 'kyc-files'),
      key: Buffer.from(derivedSecret(secrets.key, 'files'), 'hex'),
    });
  /** The origin PUBLIC_ORIGIN names, if set (the browser's view of the app). */
  const publicOrigin = config.PUBLIC_ORIGIN ? new URL(config.PUBLIC_ORIGIN).origin : null;
  let listening: FastifyInstance | null = null;
  const selfUrl = () => {
    const address = listening?.server.address() as AddressInfo | null | undefined;
    return `http://127.0.0.1:${address?.port ?? config.PORT}`;
  };
  const provider = chooseIdentityProvider(config, secrets.key, selfUrl);
  const tradeMaxUsdFor = createTradeLimitReads({ levels: { limitsFor: (level) => levels.limitsFor(level) }, identity });
  const levels = createKycLevelsService({ db, identity, audit, limitsChanged: () => tradeMaxUsdFor.forgetLimits() });
  const services = {
    levels,
    submission: createKycSubmissionService({ db, identity, levels, blobs, key: secrets.key, limiter: deps.limiter }),
    provider: provider
      ? createKycProviderService({
          db,
          identity,
          levels,
          audit,
          provider,
          qr: createQrHandoff({ secret: derivedSecret(secrets.key, 'qr') }),
          key: secrets.key,
        })
      : null,
    review: createKycReviewService({ db, identity, audit }),
  };
  /** PUBLIC_ORIGIN; else the loopback origin the request came to, when it is one the app trusts. */
  const originOf = (request: FastifyRequest) => {
    if (publicOrigin) return publicOrigin;
    const origin = `${request.protocol}://${request.host}`;
    return /^http:\/\/(127\.0\.0\.1|localhost):\d+$/.test(origin) ? origin : `http://localhost:${config.PORT}`;
  };

  return {
    jobs: [uploadPurgeJob({ db, blobs, uploadTtlMs })],
    api: {
      limitsFor: (level) => levels.limitsFor(level),
      limitsOf: async (userId) => levels.limitsFor(await identity.kycLevel(userId)),
      applications: async (userId) => (await levels.applications(userId)).map(applicationOf),
      tradeMaxUsdFor,
      async checkIdLast6(userId, lastSix) {
        const digest = (await verifiedBasicApplication(db, userId))?.id_last6_digest;
        if (!digest) return null;
        return deps.limiter.verify([{ policy: idCardByAccount, subject: userId }], async () => isLastSix(secrets.key, digest, lastSix));
      },
    },
    async register(app) {
      listening = app;
      registerKycRoutes(app, services, { db, identity, blobs, requireOperator: deps.requireOperator, originOf });
      if (servesSandbox(config)) {
        await registerSandboxKycRoutes(app, {
          secret: derivedSecret(secrets.key, 'sandbox'),
          store: createPgSandboxSessionStore(db),
          // The address the server listens on by default (HOST 127.0.0.1): the hosted page needs no cookie of the app's.
          publicBaseUrl: publicOrigin ?? `http://127.0.0.1:${config.PORT}`,
        });
      }
    },
  };
}
