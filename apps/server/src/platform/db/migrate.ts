import { type Migration, Migrator, sql } from 'kysely';
import type { Db } from './database';

export class MigrationError extends Error {
  override readonly name = 'MigrationError';
}

/**
 * Applies the pending ones of `migrations` (the composition root's list, `src/migrations.ts`).
 * Kysely's PostgreSQL adapter holds an advisory lock while it migrates, so several processes
 * starting at once apply each migration exactly once.
 */
export async function migrateToLatest(db: Db, migrations: Record<string, Migration>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableName: 'schema_migration',
    migrationLockTableName: 'schema_migration_lock',
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((result) => result.status === 'Error')?.migrationName ?? 'unknown';
    throw new MigrationError(`Migration ${failed} failed: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  const applied = (results ?? []).filter((result) => result.status === 'Success').map((result) => result.migrationName);
  if (applied.length > 0) await sql`analyze`.execute(db);
  return applied;
}
