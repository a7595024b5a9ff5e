import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../src/platform/db/database';
import { migrations } from '../src/migrations';
import { migrateToLatest } from '../src/platform/db/migrate';

export interface TestDatabase extends DatabaseHandle {
  url: string;
  drop(): Promise<void>;
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function runAdmin(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: inject('adminDatabaseUrl') });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/**
 * A fresh, migrated database for one test file, so files run in parallel without sharing
 * rows; `drop` removes it.
 */
export async function createTestDatabase(options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  const name = `coffer_test_${randomBytes(6).toString('hex')}`;
  await runAdmin(`create database ${name}`);
  const url = withDatabase(inject('adminDatabaseUrl'), name);
  const handle = openDatabase(url, { max: 5 });
  if (options.migrate ?? true) await migrateToLatest(handle.db, migrations);
  return {
    ...handle,
    url,
    async drop() {
      await handle.close();
      await runAdmin(`drop database if exists ${name} with (force)`);
    },
  };
}
