import { Migrator } from 'kysely';
import { afterAll, beforeAll } from 'vitest';
import { createTestDatabase, type TestDatabase } from './database';
import { migrations } from '../src/migrations';
import { migrateToLatest } from '../src/platform/db/migrate';
import type { Db } from '../src/platform/db/database';

/**
 * Test-only: for a test of one migration, a fresh database migrated up to the migration just
 * before `migration` (in `beforeAll`, dropped in `afterAll`). `migrateDown` goes back to that
 * migration, `migrateToLatest` up to the last one (answering the names it ran).
 */
export function databaseBeforeMigration(migration: string) {
  const before = Object.keys(migrations)[Object.keys(migrations).indexOf(migration) - 1]!;
  let database: TestDatabase;
  let migrator: Migrator;

  async function migrateDown(): Promise<void> {
    const { error } = await migrator.migrateTo(before);
    if (error) throw error;
  }

  beforeAll(async () => {
    database = await createTestDatabase({ migrate: false });
    migrator = new Migrator({
      db: database.db,
      provider: { getMigrations: async () => migrations },
      migrationTableName: 'schema_migration',
      migrationLockTableName: 'schema_migration_lock',
    });
    await migrateDown();
  }, 60_000);

  afterAll(async () => {
    await database?.drop();
  });

  return {
    get db(): Db {
      return database.db;
    },
    migrateDown,
    migrateToLatest: () => migrateToLatest(database.db, migrations),
  };
}
