import type { FastifyInstance } from 'fastify';
import type { Messenger } from '../../platform/adapters/messenger';
import type { AppConfig } from '../../platform/config';
import type { Pool } from 'pg';
import { databaseOver, type Db } from '../../platform/db/database';
import type { JobDefinition } from '../../platform/jobs/job-queue';
import type { Logger } from '../../platform/observability/logger';
import type { PlatformSigningKey } from '../../platform/security/platform-signing-key';
import type { IdentityApi } from '../identity';
import { purgeNonces, purgeSpentChanges, touchKey } from './apikeys.repository';
import { registerApiKeyRoutes } from './apikeys.routes';
import { createKeyCache, type KeyCache } from './key-cache';
import { createKeyRequests, type KeyRequests } from './key-requests.service';
import { createKeyVerification, type KeyVerification } from './key-verification.service';
import { createNonceStore } from './nonce-store';
import { createTokenBuckets } from './rate-limit';
import { registerSignedRequests } from './signed-requests';

export { apiKeyChangedChannel } from './apikeys.migration';

/** How long a node keeps a key without hearing of a change (the backstop under LISTEN/NOTIFY; spec §4 allows 1 minute). */
export const keyCacheTtlMs = 30_000;

/** What `app.ts` gets from the API key module. */
export interface ApiKeysModule {
  services: { requests: KeyRequests; verification: KeyVerification; keys: KeyCache };
  jobs: JobDefinition[];
  /** The signed-request hooks (every route) and the `/ak/v1` routes; the key cache listens from `onReady`. */
  register(app: FastifyInstance): void;
}

/**
 * API keys (issue 16): customers' Ed25519 keys with rights, bound IPs and withdrawal limits,
 * managed in two verified steps; requests signed with them are checked on every route and run as
 * the key's customer. Nothing secret is stored: a leaked row lets nobody sign.
 */
export function createApiKeysModule(deps: {
  db: Db;
  config: Pick<AppConfig, 'API_KEYS_MAX' | 'API_KEY_PENDING_CHANGES_MAX' | 'API_KEY_RATE_PER_SECOND' | 'API_KEY_RATE_BURST'>;
  identity: IdentityApi;
  messenger: Messenger;
  logger: Logger;
  platformKey: PlatformSigningKey;
  /**
   * Connections whose commits do not wait for the disk (the platform's `asyncCommitPool`), for
   * the nonces: a crash may forget the last few, but a request's own effect commits durably
   * after its nonce, and that flush carries the nonce with it (the log is one sequence); a
   * forgotten nonce can only let a read be replayed. Unset: the main pool.
   */
  asyncCommitPool?: Pool | undefined;
  /** Where the key cache LISTENs for changes; unset: the TTL alone bounds a change's delay. */
  connectionString?: string | undefined;
  /** The customer's address-book entry ids, for binding a key's withdrawals (the withdrawals module's). */
  ownedAddressIds: (userId: string) => Promise<Set<string>>;
}): ApiKeysModule {
  const { db, config } = deps;
  const maxKeys = config.API_KEYS_MAX;
  const keys = createKeyCache({ db, ttlMs: keyCacheTtlMs, connectionString: deps.connectionString, logger: deps.logger });
  const requests = createKeyRequests({
    db,
    identity: deps.identity,
    maxKeys,
    maxPendingChanges: config.API_KEY_PENDING_CHANGES_MAX,
    ownedAddressIds: deps.ownedAddressIds,
  });
  const verification = createKeyVerification({ db, identity: deps.identity, messenger: deps.messenger, maxKeys });
  const purgeJob: JobDefinition = {
    name: 'apikeys.purge-nonces',
    cron: '* * * * *',
    // A nonce older than twice the window can only come with a refused timestamp.
    handle: async () => {
      await purgeNonces(db, 120);
      await purgeSpentChanges(db);
    },
  };

  return {
    services: { requests, verification, keys },
    jobs: [purgeJob],
    register(app) {
      registerSignedRequests(app, {
        keys,
        claimNonce: createNonceStore(deps.asyncCommitPool ? databaseOver(deps.asyncCommitPool) : db),
        buckets: createTokenBuckets({ ratePerSecond: config.API_KEY_RATE_PER_SECOND, burst: config.API_KEY_RATE_BURST }),
        platformKey: deps.platformKey,
        touch: (keyId) => touchKey(db, keyId),
      });
      registerApiKeyRoutes(app, { db, requests, verification, maxKeys, platformPublicKey: deps.platformKey.publicKeySpkiBase64 });
      app.addHook('onReady', keys.start);
      app.addHook('onClose', keys.stop);
    },
  };
}
