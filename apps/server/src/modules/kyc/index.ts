import type { KycApplication } from '@coffer/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { createKycLevelsService, type LevelLimits } from './kyc-levels.service';
import { chooseIdentityProvider, derivedSecret, servesSandbox, type KycProviderConfig } from './kyc-provider-choice';
import { createKycProviderService } from './kyc-provider.service';
import { createKycReviewService } from './kyc-review.service';
import { createKycSubmissionService } from './kyc-submission.service';
import { registerKycRoutes } from './kyc.routes';
import { applicationOf } from './kyc-views';
import { verifiedIdDigest } from './kyc.repository';
import { createQrHandoff } from './provider/qr-handoff';
import { createPgSandboxSessionStore } from './provider/sandbox-session.repository';
import { registerSandboxKycRoutes } from './provider/sandbox.routes';

export type { LevelLimits } from './kyc-levels.service';

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

/** Answers kept for a few seconds per process (at most 10,000 keys; full, it starts again). */
function shortCache<K, V>(load: (key: K) => Promise<V>, ttlMs = 5000): (key: K) => Promise<V> {
  const entries = new Map<K, { value: Promise<V>; until: number }>();
  return (key) => {
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.until > now) return hit.value;
    if (entries.size >= 10_000) entries.clear();
    const value = load(key);
    entries.set(key, { value, until: now + ttlMs });
    value.catch(() => entries.delete(key));
    return value;
  };
}

/**
 * The largest spot trade of a customer's level, USD, as the trade module reads it on every
 * quote: level and limits kept a few seconds per process (a level only rises, so a stale one
 * is stricter). The module's `tradeMaxUsdFor`; exported for `bench/trade`, which measures
 * quotes with this lookup in their path.
 */
export function createTradeLimitReads(deps: { db: Db; identity: Pick<IdentityApi, 'kycLevel'> }): (userId: string) => Promise<string> {
  const levels = createKycLevelsService({ db: deps.db, identity: deps.identity });
  const cachedLevel = shortCache((userId: string) => deps.identity.kycLevel(userId));
  const cachedLimits = shortCache((level: number) => levels.limitsFor(level));
  return async (userId) => (await cachedLimits(await cachedLevel(userId))).tradeMaxUsd;
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
  let listening: FastifyInstance | null = null;
  const selfUrl = () => {
    const address = listening?.server.address() as AddressInfo | null | undefined;
    return `http://127.0.0.1:${address?.port ?? config.PORT}`;
  };
  const provider = chooseIdentityProvider(config, secrets.key, selfUrl);
  const levels = createKycLevelsService({ db, identity });
  const services = {
    levels,
    submission: createKycSubmissionService({ db, identity, levels, blobs, key: secrets.key }),
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
    if (config.PUBLIC_ORIGIN) return new URL(config.PUBLIC_ORIGIN).origin;
    const origin = `${request.protocol}://${request.host}`;
    return /^http:\/\/(127\.0\.0\.1|localhost):\d+$/.test(origin) ? origin : `http://localhost:${config.PORT}`;
  };

  const tradeMaxUsdFor = createTradeLimitReads({ db, identity });

  return {
    api: {
      limitsFor: (level) => levels.limitsFor(level),
      limitsOf: async (userId) => levels.limitsFor(await identity.kycLevel(userId)),
      applications: async (userId) => (await levels.applications(userId)).map(applicationOf),
      tradeMaxUsdFor,
      async checkIdLast6(userId, lastSix) {
        const digest = await verifiedIdDigest(db, userId);
        if (!digest) return null;
        return deps.limiter.verify([{ policy: idCardByAccount, subject: userId }], async () => isLastSix(secrets.key, digest, lastSix));
      },
    },
    async register(app) {
      listening = app;
      registerKycRoutes(app, services, { db, identity, audit, blobs, requireOperator: deps.requireOperator, originOf });
      if (servesSandbox(config) && config.KYC_PROVIDER !== 'sumsub') {
        await registerSandboxKycRoutes(app, {
          secret: derivedSecret(secrets.key, 'sandbox'),
          store: createPgSandboxSessionStore(db),
          // The address the server listens on by default (HOST 127.0.0.1): the hosted page needs no cookie of the app's.
          publicBaseUrl: config.PUBLIC_ORIGIN ? new URL(config.PUBLIC_ORIGIN).origin : `http://127.0.0.1:${config.PORT}`,
        });
      }
    },
  };
}
