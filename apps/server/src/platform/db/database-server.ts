import type { AppConfig } from '../config';
import type { Logger } from '../observability/logger';
import { startEmbeddedPostgres } from './embedded-postgres';

export interface DatabaseServer {
  url: string;
  isEmbedded: boolean;
  stop(): Promise<void>;
}

/** `DATABASE_URL` when set; otherwise the embedded PostgreSQL under `DATA_DIR/pg`. */
export async function provideDatabaseServer(
  config: Pick<AppConfig, 'DATABASE_URL' | 'DATA_DIR' | 'EMBEDDED_PG_PORT'>,
  logger: Logger,
): Promise<DatabaseServer> {
  if (config.DATABASE_URL) {
    return { url: config.DATABASE_URL, isEmbedded: false, stop: async () => {} };
  }
  const embedded = await startEmbeddedPostgres({
    dataDir: config.DATA_DIR,
    port: config.EMBEDDED_PG_PORT,
    logger,
  });
  return { url: embedded.url, isEmbedded: true, stop: embedded.stop };
}
