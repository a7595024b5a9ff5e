import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseBeforeMigration } from '../../../test/status-names-migration-kit';

const database = databaseBeforeMigration('0036-notices');

async function hasOutbox(): Promise<boolean> {
  const found = await sql<{ name: string | null }>`select to_regclass('notice_outbox')::text as name`.execute(database.db);
  return found.rows[0]?.name === 'notice_outbox';
}

describe('0036-notices', () => {
  it('creates the notice outbox, and its down drops it again', async () => {
    expect(await hasOutbox()).toBe(false);
    await database.migrateToLatest();
    expect(await hasOutbox()).toBe(true);
    await database.migrateDown();
    expect(await hasOutbox()).toBe(false);
    await database.migrateToLatest();
    expect(await hasOutbox()).toBe(true);
  });
});
