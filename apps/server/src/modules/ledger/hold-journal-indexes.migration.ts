import { type Kysely, sql } from 'kysely';

/**
 * A hold found by the journal that made it and by the journal that resolved it: the customer
 * credits the automatic swap reads leave out a credit frozen at once by a hold of the same
 * reference (a deposit from a listed sender) and a release, which is no new credit.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index ledger_hold_hold_journal on ledger_hold (hold_journal_id);
    create index ledger_hold_resolve_journal on ledger_hold (resolve_journal_id) where resolve_journal_id is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index ledger_hold_resolve_journal; drop index ledger_hold_hold_journal`.execute(db);
}
