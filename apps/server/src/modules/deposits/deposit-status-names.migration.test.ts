import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseBeforeMigration } from '../../../test/status-names-migration-kit';

/** From the migration just before 0022: the database as it was with smallint statuses. */
const database = databaseBeforeMigration('0022-deposit-status-names');

async function statuses(): Promise<Record<string, unknown>> {
  const rows = await sql<{ txid: string; status: unknown }>`select txid, status from deposit order by id`.execute(database.db);
  return Object.fromEntries(rows.rows.map((row) => [row.txid, row.status]));
}

async function definitions(): Promise<string[]> {
  const rows = await sql<{ definition: string }>`
    select pg_get_constraintdef(oid) as definition from pg_constraint where conrelid = 'deposit'::regclass and contype = 'c'
    union all
    select pg_get_indexdef(indexrelid) from pg_index where indrelid = 'deposit'::regclass and indpred is not null`.execute(database.db);
  return rows.rows.map((row) => row.definition).sort();
}

describe('0022: deposit statuses as text', () => {
  it('converts a deposit in every old status, its CHECKs and the waiting index, and converts back on down', async () => {
    const oldDefinitions = await definitions();
    await sql`
      insert into app_user (user_no, email, residence_country, password_hash, invite_code)
        values ('U-0022', 'status-0022@example.com', 'US', 'x', 'INV0022');
      insert into journal (idempotency_key, request_hash, bill_type, reference_type, reference_id)
        values ('deposit:ethereum:0xcredited:0', 'h', 2001, 'deposit', '1');
      insert into deposit (user_id, chain, asset, txid, log_index, address, amount, block_height, block_hash,
                           required_confirmations, confirmations, status, fail_reason, journal_id)
      values
        ((select id from app_user), 'ethereum', 'ETH', '0xcredited', 0, '0xa', 5, 10, '0xb', 12, 12, 1, null, (select id from journal)),
        ((select id from app_user), 'ethereum', 'ETH', '0xfailed', 0, '0xa', 1, 11, '0xb', 12, 3, 2, 'belowMinimum', null),
        ((select id from app_user), 'ethereum', 'ETH', '0xwaiting', 0, '0xa', 5, 12, '0xb', 12, 2, 3, null, null);
    `.execute(database.db);

    expect(await database.migrateToLatest()).toContain('0022-deposit-status-names');
    expect(await statuses()).toEqual({ '0xcredited': 'credited', '0xfailed': 'failed', '0xwaiting': 'waiting' });
    const column = await sql<{ type: string }>`
      select data_type as type from information_schema.columns where table_name = 'deposit' and column_name = 'status'`.execute(
      database.db,
    );
    expect(column.rows).toEqual([{ type: 'text' }]);
    const newDefinitions = await definitions();
    expect(newDefinitions.filter((definition) => definition.includes('status'))).toEqual(
      [
        "CHECK ((status = ANY (ARRAY['credited'::text, 'failed'::text, 'waiting'::text])))",
        "CHECK (((status = 'credited'::text) = (journal_id IS NOT NULL)))",
        "CHECK (((status = 'failed'::text) = (fail_reason IS NOT NULL)))",
        "CREATE INDEX deposit_waiting ON public.deposit USING btree (chain, block_height) WHERE (status = 'waiting'::text)",
      ].sort(),
    );
    // The constraints still refuse what they refused: an unknown status, a credit without its journal.
    await expect(sql`update deposit set status = 'pending' where txid = '0xwaiting'`.execute(database.db)).rejects.toThrow(
      'deposit_status_check',
    );
    await expect(sql`update deposit set status = 'credited' where txid = '0xwaiting'`.execute(database.db)).rejects.toThrow(
      'deposit_credited_has_journal',
    );
    await expect(sql`update deposit set status = 'failed' where txid = '0xwaiting'`.execute(database.db)).rejects.toThrow(
      'deposit_failed_has_reason',
    );

    await database.migrateDown();
    expect(await statuses()).toEqual({ '0xcredited': 1, '0xfailed': 2, '0xwaiting': 3 });
    expect(await definitions()).toEqual(oldDefinitions);

    await database.migrateToLatest();
    expect(await statuses()).toEqual({ '0xcredited': 'credited', '0xfailed': 'failed', '0xwaiting': 'waiting' });
  });
});
