/**
 * `npm run audit -- verify`: walks the audit log's hash chain on DATABASE_URL, or on the
 * embedded database under DATA_DIR as `npm run migrate` does. Exit 0: the chain is intact;
 * 1: it is broken (the first bad row is named); 2: it could not be checked.
 */
// The table map, so that the audit module's queries are typed here as in the server.
import type {} from '../apps/server/src/database-schema';
import { createAuditModule } from '../apps/server/src/modules/audit';
import { loadConfig } from '../apps/server/src/platform/config';
import { openDatabase } from '../apps/server/src/platform/db/database';
import { provideDatabaseServer } from '../apps/server/src/platform/db/database-server';
import { createLogger } from '../apps/server/src/platform/observability/logger';

const usage = 'usage: npm run audit -- verify';

const explanations = {
  altered: 'its content no longer matches its hash',
  missing: 'no row holds this seq (a row was deleted)',
  reordered: "its prev_hash is not the previous row's hash",
} as const;

async function verify(): Promise<number> {
  // Only what locating the database needs: checking needs none of the server's secrets.
  const config = loadConfig({
    DATA_DIR: process.env.DATA_DIR,
    EMBEDDED_PG_PORT: process.env.EMBEDDED_PG_PORT,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
  });
  const logger = createLogger(config);
  const server = await provideDatabaseServer({ ...config, DATABASE_URL: process.env.DATABASE_URL?.trim() || undefined }, logger);
  const database = openDatabase(server.url, { max: 2 });
  try {
    const audit = createAuditModule({ db: database.db }).api;
    const outcome = await audit.verify();
    if (outcome.ok) {
      console.log(`audit chain intact: ${outcome.rows} rows`);
      return 0;
    }
    console.log(`audit chain BROKEN at seq ${outcome.firstBadSeq}: ${outcome.reason}, ${explanations[outcome.reason]}`);
    console.log(`${outcome.rows} rows intact before it`);
    const { rows } = await audit.search({ seq: outcome.firstBadSeq, page: 1, pageSize: 1 });
    if (rows[0]) console.log(`the row as stored now: ${JSON.stringify(rows[0])}`);
    return 1;
  } finally {
    await database.close();
    await server.stop();
  }
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  if (command !== 'verify' || rest.length > 0) {
    console.error(usage);
    process.exitCode = 2;
    return;
  }
  process.exitCode = await verify();
}

main().catch((error: unknown) => {
  console.error(`audit: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
});
