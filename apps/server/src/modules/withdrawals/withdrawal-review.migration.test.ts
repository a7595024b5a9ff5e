import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseBeforeMigration } from '../../../test/status-names-migration-kit';

/** From the migration just before 0029: the database as it was without `underReview`. */
const database = databaseBeforeMigration('0029-withdrawal-review');

async function definitions(): Promise<string[]> {
  const rows = await sql<{ definition: string }>`
    select pg_get_constraintdef(oid) as definition from pg_constraint where conrelid = 'withdrawal'::regclass and contype = 'c'
    union all
    select prosrc from pg_proc where proname = 'withdrawal_check_transition'`.execute(database.db);
  return rows.rows.map((row) => row.definition).sort();
}

function insertRow(serial: string, status: string) {
  return sql`
    insert into withdrawal (serial_no, user_id, request_key, request_hash, kind, asset, chain, address, amount, fee, usd_cents,
                            status, required_confirmations)
    values (${serial}, (select id from app_user), ${`key-${serial}`}, 'h', 'ordinary', 'USDT', 'ethereum', '0x2', 1, 0, 0, ${status}, 1)`.execute(
    database.db,
  );
}

const move = (serial: string, to: string) => sql`update withdrawal set status = ${to} where serial_no = ${serial}`.execute(database.db);

describe('0029: withdrawals under review', () => {
  it('allows underReview in the column and the trigger, and undoes exactly that while none is under review', async () => {
    const before = await definitions();
    await sql`
      insert into app_user (user_no, email, residence_country, password_hash, invite_code)
        values ('U-0029', 'review-0029@example.com', 'US', 'x', 'INV0029')`.execute(database.db);
    await expect(insertRow('early', 'underReview')).rejects.toThrow('withdrawal_status_check');

    expect(await database.migrateToLatest()).toContain('0029-withdrawal-review');
    await insertRow('held', 'underReview');
    await insertRow('refused', 'underReview');
    await expect(move('held', 'confirming')).rejects.toThrow('WITHDRAWAL_ILLEGAL_TRANSITION underReview -> confirming');
    await move('held', 'processing');
    await move('refused', 'cancelled');
    await expect(move('held', 'underReview')).rejects.toThrow('WITHDRAWAL_ILLEGAL_TRANSITION processing -> underReview');

    await insertRow('open', 'underReview');
    await expect(database.migrateDown()).rejects.toThrow('withdrawals are under review');
    await move('open', 'cancelled');
    await database.migrateDown();
    expect(await definitions()).toEqual(before);
  });
});
