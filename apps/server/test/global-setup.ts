import { chmod, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../src/platform/db/embedded-postgres';
import { freeLoopbackPort as freePort } from '../src/platform/process/free-port';
import { createLogger } from '../src/platform/observability/logger';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

/**
 * One PostgreSQL for the whole run: TEST_DATABASE_URL when set, else an embedded server in
 * a temporary folder. Each test file then makes its own database in it (test/database.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const configured = process.env.TEST_DATABASE_URL?.trim();
  if (configured) {
    project.provide('adminDatabaseUrl', configured);
    return async () => {};
  }
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'coffer-test-pg-'));
  // As root the server runs as a `postgres` user, which must reach the folder.
  await chmod(dataDir, 0o755);
  const embedded = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    logger: createLogger({ LOG_LEVEL: 'warn' }),
    // Several test files run at once (vitest.config.ts), each with its pools and its app's.
    settings: { max_connections: '300' },
  });
  project.provide('adminDatabaseUrl', embedded.url);
  return async () => {
    await embedded.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}
