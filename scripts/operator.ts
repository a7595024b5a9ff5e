/**
 * `npm run operator -- create <email> <role> [name…]`: creates a back-office operator on
 * DATABASE_URL, or on the embedded database under DATA_DIR (the one a running `npm start` uses,
 * or started for the call as `npm run migrate` does), and prints its one-time activation link
 * (PUBLIC_ORIGIN, else http://localhost:PORT). Roles: superAdmin, compliance, support, finance.
 * Exit 0: created; 1: refused (duplicate e-mail, bad arguments); 2: could not run.
 */
import os from 'node:os';
import { createOperatorBodySchema, operatorRoles } from '@coffer/contract';
import pg from 'pg';
// The table map, so that the modules' queries are typed here as in the server.
import type {} from '../apps/server/src/database-schema';
import { migrations } from '../apps/server/src/migrations';
import { createAuditModule } from '../apps/server/src/modules/audit';
import { activationOrigin, createOperator } from '../apps/server/src/modules/operators';
import { loadConfig, type AppConfig } from '../apps/server/src/platform/config';
import { openDatabase } from '../apps/server/src/platform/db/database';
import { provideDatabaseServer, type DatabaseServer } from '../apps/server/src/platform/db/database-server';
import { embeddedDatabaseUrl } from '../apps/server/src/platform/db/embedded-database-url';
import { migrateToLatest } from '../apps/server/src/platform/db/migrate';
import { DomainError } from '../apps/server/src/platform/errors/domain-error';
import { createLogger, type Logger } from '../apps/server/src/platform/observability/logger';
import { provideSecrets } from '../apps/server/src/platform/security/secrets';

const usage = `usage: npm run operator -- create <email> <${operatorRoles.join('|')}> [name]`;

/** Whether PostgreSQL answers at `url` now. */
async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * DATABASE_URL; else the embedded database: the one a running server started (its superuser,
 * password and database as `embedded-postgres.ts` makes them), or started here for the call.
 */
async function provideDatabase(config: AppConfig, logger: Logger): Promise<DatabaseServer> {
  if (config.DATABASE_URL) return provideDatabaseServer(config, logger);
  const running = await embeddedDatabaseUrl(config.DATA_DIR, config.EMBEDDED_PG_PORT);
  if (await answers(running)) return { url: running, isEmbedded: true, stop: async () => {} };
  return provideDatabaseServer(config, logger);
}

function cliActor(): { kind: 'system'; id: string; name: string } {
  let user = 'unknown';
  try {
    user = os.userInfo().username;
  } catch {
    // No passwd entry for this uid (a container): the id alone says it was the CLI.
  }
  return { kind: 'system', id: 'operator-cli', name: `${user}@${os.hostname()}` };
}

async function create(args: string[]): Promise<number> {
  const [email, role, ...nameWords] = args;
  const parsed = createOperatorBodySchema.safeParse({ email, role, ...(nameWords.length > 0 ? { name: nameWords.join(' ') } : {}) });
  if (!parsed.success) {
    console.error(`${parsed.error.issues.map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`).join('\n')}\n${usage}`);
    return 1;
  }
  const env = process.env;
  // Only what locating the database and making the link need: the server's mail and chain settings play no part.
  const config = loadConfig({
    DATA_DIR: env.DATA_DIR,
    EMBEDDED_PG_PORT: env.EMBEDDED_PG_PORT,
    PORT: env.PORT,
    PUBLIC_ORIGIN: env.PUBLIC_ORIGIN,
    SECRET_KEY: env.SECRET_KEY,
    PASSWORD_PEPPER: env.PASSWORD_PEPPER,
    LOG_LEVEL: env.LOG_LEVEL ?? 'warn',
  });
  const databaseUrl = env.DATABASE_URL?.trim() || undefined;
  // The link's token is stored as a MAC under the server's key: on a configured database it must be the server's.
  if (databaseUrl && !config.SECRET_KEY) {
    console.error('SECRET_KEY must be set with DATABASE_URL (the key of the server that will check the link)');
    return 2;
  }
  const logger = createLogger(config);
  const server = await provideDatabase({ ...config, DATABASE_URL: databaseUrl }, logger);
  const database = openDatabase(server.url, { max: 2 });
  try {
    await migrateToLatest(database.db, migrations);
    const key = config.SECRET_KEY ? Buffer.from(config.SECRET_KEY, 'hex') : (await provideSecrets(config, logger)).key;
    const created = await createOperator(
      database.db,
      { key, audit: createAuditModule({ db: database.db }).api, publicOrigin: activationOrigin(config) },
      parsed.data,
      { actor: cliActor() },
    );
    console.log(`Operator ${created.email} (${created.role}) created, disabled until activated.`);
    console.log(`One-time activation link, valid until ${created.expiresAt}:`);
    console.log(created.activationLink);
    return 0;
  } catch (error) {
    if (error instanceof DomainError && error.key === 'duplicateEmail') {
      console.error(`an operator with the e-mail ${parsed.data.email} already exists`);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
    await server.stop();
  }
}

async function main(): Promise<void> {
  const [command, ...rest] = process.argv.slice(2);
  if (command !== 'create' || rest.length < 2) {
    console.error(usage);
    process.exitCode = 1;
    return;
  }
  process.exitCode = await create(rest);
}

main().catch((error: unknown) => {
  console.error(`operator: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 2;
});
