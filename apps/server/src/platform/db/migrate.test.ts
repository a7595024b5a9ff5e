import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../test/database';
import { openDatabase } from './database';
import { migrateToLatest } from './migrate';
import { migrations } from '../../migrations';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase({ migrate: false });
});

afterAll(async () => {
  await database.drop();
});

describe('migrations', () => {
  it('apply each migration exactly once when several processes start together', async () => {
    const others = [openDatabase(database.url, { max: 2 }), openDatabase(database.url, { max: 2 })];
    try {
      const results = await Promise.all([database.db, ...others.map((other) => other.db)].map((db) => migrateToLatest(db, migrations)));
      expect(results.flat().sort()).toEqual(Object.keys(migrations).sort());
    } finally {
      await Promise.all(others.map((other) => other.close()));
    }
    const applied = await sql<{ name: string }>`select name from schema_migration order by name`.execute(database.db);
    expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(migrations).sort());
  });

  it('is a no-op when the database is current', async () => {
    expect(await migrateToLatest(database.db, migrations)).toEqual([]);
  });
});
