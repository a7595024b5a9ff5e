import { readOrGenerateSecrets } from '../security/secrets';

/** The embedded PostgreSQL's database and superuser (`embedded-postgres.ts` makes them). */
export const embeddedDatabaseName = 'coffer';
export const embeddedSuperuser = 'postgres';

/** The embedded database's URL on the loopback `port` with the superuser's `password`. */
export function embeddedDatabaseUrlOf(password: string, port: number): string {
  return `postgres://${embeddedSuperuser}:${encodeURIComponent(password)}@127.0.0.1:${port}/${embeddedDatabaseName}`;
}

/**
 * The URL of the embedded PostgreSQL of `dataDir` listening on `port`, its password from
 * `dataDir/secrets.json`: for the scripts that reach a running server's database.
 */
export async function embeddedDatabaseUrl(dataDir: string, port: number): Promise<string> {
  const { values } = await readOrGenerateSecrets(dataDir, ['embeddedDatabasePassword']);
  return embeddedDatabaseUrlOf(values.embeddedDatabasePassword, port);
}
