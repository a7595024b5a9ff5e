import type { FastifyInstance } from 'fastify';
import type { Pool } from 'pg';
import { buildApp } from '../src/app';
import type { DepositChainSet } from '../src/modules/deposits';
import type { WithdrawalChainSet } from '../src/modules/withdrawals';
import { loadConfig } from '../src/platform/config';
import { createMemoryBlobStore } from '../src/platform/storage';
import type { Db } from '../src/platform/db/database';
import type { Messenger } from '../src/platform/adapters/messenger';
import type { JobQueue } from '../src/platform/jobs/job-queue';
import { createLogger } from '../src/platform/observability/logger';
import { createMetrics } from '../src/platform/observability/metrics';

export const testSecrets = {
  pepper: Buffer.from('test pepper, long enough to be a real one'),
  key: Buffer.alloc(32, 7),
};

/** Builds the real app over a test database; `env` overrides configuration variables. */
export async function buildTestApp(
  db: Db,
  options: {
    env?: Record<string, string>;
    jobs?: JobQueue | null;
    messenger?: Messenger;
    depositChains?: DepositChainSet;
    withdrawalChains?: WithdrawalChainSet;
    /** The test database's pool: gives the app its connection string (LISTEN/NOTIFY: API key changes, account feed). */
    pool?: Pool;
    beforeReady?: (app: FastifyInstance) => void;
  } = {},
): Promise<FastifyInstance> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    // Every test request comes from 127.0.0.1; the per-IP send limit has its own test.
    CODE_SENDS_PER_IP_PER_HOUR: '100000',
    // Likewise the captcha, which the tests of the limits would meet first; captcha tests set their own.
    CAPTCHA_AFTER_FAILURES: '100000',
    CAPTCHA_AFTER_IP_FAILURES: '100000',
    ...options.env,
  });
  const app = await buildApp({
    config,
    logger: createLogger(config),
    db,
    metrics: createMetrics(),
    jobs: options.jobs ?? null,
    version: '0.0.0-test',
    secrets: testSecrets,
    blobs: createMemoryBlobStore(),
    ...(options.messenger ? { messenger: options.messenger } : {}),
    ...(options.depositChains ? { depositChains: options.depositChains } : {}),
    ...(options.withdrawalChains ? { withdrawalChains: options.withdrawalChains } : {}),
    ...(options.pool ? { pool: options.pool } : {}),
  });
  options.beforeReady?.(app);
  await app.ready();
  return app;
}
