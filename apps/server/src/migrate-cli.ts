import { migrations } from './migrations';
import { loadConfig } from './platform/config';
import { openDatabase } from './platform/db/database';
import { provideDatabaseServer } from './platform/db/database-server';
import { migrateToLatest } from './platform/db/migrate';
import { createLogger } from './platform/observability/logger';

/** `npm run migrate`: applies pending migrations to DATABASE_URL or the embedded database. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);
  const server = await provideDatabaseServer(config, logger);
  const database = openDatabase(server.url, { max: 2 });
  try {
    const applied = await migrateToLatest(database.db, migrations);
    logger.info({ applied }, applied.length > 0 ? 'migrations applied' : 'database already up to date');
  } finally {
    await database.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
