import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { databaseBeforeMigration } from '../../../test/status-names-migration-kit';
import { withdrawalBillDescriber } from './withdrawal-bill-describer';
import { withdrawalTransitions } from './withdrawal-states';
import { withdrawalTransitionPairsSql, withdrawalTransitionsAt0019 } from './withdrawal-states.migration';
import { withdrawalTransitionsAt0029 } from './withdrawal-review.migration';
import { withdrawalTransitionsAt0023 } from './withdrawal-status-names.migration';

/** From the migration just before 0023: the database as it was with snake_case statuses. */
const database = databaseBeforeMigration('0023-withdrawal-status-names');
const oldStatuses = ['awaiting_confirmation', 'processing', 'confirming', 'completed', 'failed', 'cancelled'];

/** Each row's status, by the status it was written in (its serial number). */
async function statuses(): Promise<Record<string, string>> {
  const rows = await sql<{ serial_no: string; status: string }>`select serial_no, status from withdrawal order by id`.execute(database.db);
  return Object.fromEntries(rows.rows.map((row) => [row.serial_no, row.status]));
}

async function definitions(): Promise<string[]> {
  const rows = await sql<{ definition: string }>`
    select pg_get_constraintdef(oid) as definition from pg_constraint where conrelid = 'withdrawal'::regclass and contype = 'c'
    union all
    select pg_get_indexdef(indexrelid) from pg_index where indrelid = 'withdrawal'::regclass and indpred is not null
    union all
    select pg_get_triggerdef(oid) from pg_trigger where tgrelid = 'withdrawal'::regclass and not tgisinternal
    union all
    select prosrc from pg_proc where proname = 'withdrawal_check_transition'`.execute(database.db);
  return rows.rows.map((row) => row.definition).sort();
}

/** A bare row in `status` whose serial number is `serial`, satisfying the row's CHECKs. */
async function insertRow(serial: string, status: string, waiting: string): Promise<void> {
  await sql`
    insert into withdrawal (serial_no, user_id, request_key, request_hash, kind, asset, chain, address, amount, fee, usd_cents,
                            status, journal_id, confirm_before, required_confirmations)
    values (${serial}, (select id from app_user), ${`key-${serial}`}, 'h', 'ordinary', 'USDT', 'ethereum', '0x2', 1, 0, 0, ${status},
            case when ${status} = 'completed' then (select id from journal) end,
            case when ${status} = ${waiting} then now() + interval '1 hour' end, 1)`.execute(database.db);
}

function move(serial: string, to: string, waiting: string) {
  return sql`
    update withdrawal set status = ${to}, confirm_before = case when ${to} = ${waiting} then now() + interval '1 hour' end,
                          journal_id = case when ${to} = 'completed' then (select id from journal) end
     where serial_no = ${serial}`.execute(database.db);
}

describe('0023: withdrawal statuses in camelCase', () => {
  it('keeps the frozen tables: 0019 in the old names, 0023 the live table before 0029 added underReview', () => {
    expect(Object.keys(withdrawalTransitionsAt0019)).toEqual(oldStatuses);
    const { underReview: added, ...before0029 } = withdrawalTransitionsAt0029;
    expect(added).toEqual(['processing', 'cancelled']);
    expect(withdrawalTransitionsAt0023).toEqual(before0029);
    expect(withdrawalTransitionsAt0029).toEqual(withdrawalTransitions);
    expect(withdrawalTransitionPairsSql(withdrawalTransitionsAt0019)).toContain("('awaiting_confirmation', 'processing')");
    expect(() => withdrawalTransitionPairsSql({ "x'); drop table withdrawal; --": [], a: ["x'"] })).toThrow('not a withdrawal status');
  });

  it('converts a withdrawal in every old status, its CHECKs, index and trigger, and converts back on down', async () => {
    const oldDefinitions = await definitions();
    await sql`
      insert into app_user (user_no, email, residence_country, password_hash, invite_code)
        values ('U-0023', 'status-0023@example.com', 'US', 'x', 'INV0023');
      insert into journal (idempotency_key, request_hash, bill_type, reference_type, reference_id)
        values ('withdrawal:1:settle', 'h', 2002, 'withdrawal', '1');
    `.execute(database.db);
    for (const status of oldStatuses) await insertRow(status, status, 'awaiting_confirmation');

    expect(await database.migrateToLatest()).toContain('0023-withdrawal-status-names');
    expect(await statuses()).toEqual({
      awaiting_confirmation: 'awaitingConfirmation',
      processing: 'processing',
      confirming: 'confirming',
      completed: 'completed',
      failed: 'failed',
      cancelled: 'cancelled',
    });
    const newDefinitions = await definitions();
    expect(newDefinitions.join('\n')).not.toContain('awaiting_confirmation');
    expect(newDefinitions).toEqual(
      expect.arrayContaining([
        // As the latest migrations leave it: 0029 added underReview.
        "CHECK ((status = ANY (ARRAY['awaitingConfirmation'::text, 'underReview'::text, 'processing'::text, 'confirming'::text, 'completed'::text, 'failed'::text, 'cancelled'::text])))",
        "CHECK (((status = 'awaitingConfirmation'::text) = (confirm_before IS NOT NULL)))",
        "CREATE INDEX withdrawal_open ON public.withdrawal USING btree (status, id) WHERE (status = ANY (ARRAY['awaitingConfirmation'::text, 'processing'::text, 'confirming'::text]))",
        'CREATE TRIGGER withdrawal_transition BEFORE UPDATE OF status ON public.withdrawal FOR EACH ROW WHEN ((old.status IS DISTINCT FROM new.status)) EXECUTE FUNCTION withdrawal_check_transition()',
      ]),
    );
    // The trigger answers in the new names: it allows the table's moves and refuses the others.
    await expect(move('cancelled', 'processing', 'awaitingConfirmation')).rejects.toThrow(
      'WITHDRAWAL_ILLEGAL_TRANSITION cancelled -> processing',
    );
    await expect(insertRow('old name', 'awaiting_confirmation', 'awaiting_confirmation')).rejects.toThrow('withdrawal_status_check');
    await move('awaiting_confirmation', 'processing', 'awaitingConfirmation');
    await expect(move('awaiting_confirmation', 'awaitingConfirmation', 'awaitingConfirmation')).rejects.toThrow(
      'WITHDRAWAL_ILLEGAL_TRANSITION processing -> awaitingConfirmation',
    );
    await insertRow('late', 'awaitingConfirmation', 'awaitingConfirmation');

    await database.migrateDown();
    expect(await statuses()).toEqual({
      awaiting_confirmation: 'processing',
      processing: 'processing',
      confirming: 'confirming',
      completed: 'completed',
      failed: 'failed',
      cancelled: 'cancelled',
      late: 'awaiting_confirmation',
    });
    expect(await definitions()).toEqual(oldDefinitions);
    await expect(move('late', 'cancelled', 'awaiting_confirmation')).resolves.toBeDefined();
    await expect(move('confirming', 'processing', 'awaiting_confirmation')).rejects.toThrow(
      'WITHDRAWAL_ILLEGAL_TRANSITION confirming -> processing',
    );

    await database.migrateToLatest();
    expect(await statuses()).toMatchObject({ late: 'cancelled', confirming: 'confirming' });
    expect(await definitions()).toEqual(newDefinitions);
  });

  it("leaves what the API answers alone: a bill's status detail keeps its snake_case names", async () => {
    const facts = {
      serialNo: 'WD1',
      kind: 'ordinary' as const,
      asset: 'USDT',
      chain: 'ethereum',
      address: '0x2',
      tag: null,
      fee: '0',
      txid: null,
      userId: '1',
      recipientUserId: null,
    };
    const context = { userId: '1', maskedAccountOf: async () => '', scaleOf: async () => 6 };
    const answered = await Promise.all(
      Object.keys(withdrawalTransitions).map(
        async (status) =>
          (await withdrawalBillDescriber.detailOf({ ...facts, status: status as keyof typeof withdrawalTransitions }, context)).status,
      ),
    );
    // A withdrawal under review (0029) posts no bill; were one shown, it would read as processing.
    expect(answered).toEqual([oldStatuses[0], 'processing', ...oldStatuses.slice(1)]);
  });
});
