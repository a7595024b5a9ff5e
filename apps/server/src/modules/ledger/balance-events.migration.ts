import { type Kysely, sql } from 'kysely';
import { sqlFunction } from '../../platform/db/sql-function';

const functionsDir = new URL('./sql/', import.meta.url);

/**
 * Balance changes announced by the ledger (`balance-events.ts`; heard by wallet's live channel,
 * `account-feed.ts`). They are queued by the database itself, so every writer is covered — the
 * ledger service, its group-commit batches, the trade's own SQL around `ledger_post` — and only
 * committed journals are seen.
 *
 * A NOTIFY inside the posting transaction would be simpler, but PostgreSQL serialises the
 * commits of notifying transactions on one lock held through the commit's disk flush: measured
 * on `bench:ledger`, 25–40 % fewer transfers per second at 8 and 32 clients. So the posting
 * only adds a row to an unlogged queue (no write-ahead log), one per journal naming its
 * accounts, and each app process's relay turns the queue into NOTIFYs naming the customers,
 * from a connection that commits without waiting for the disk.
 *
 * Applied as the first part of migration 0018 (`0018-wallet-account-events`, its name from when
 * wallet held it); identity's `session-events.migration.ts` is the second.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Unlogged: no write-ahead log for these rows, and a crash forgets them (harmlessly).
    create unlogged table account_event_queue (account_ids bigint[] not null);
  `.execute(db);
  // The trigger function (sql/account_events_queue_entries.sql) queues the accounts as they
  // are: which of them are customers' (and whose) the relay finds, once per round; a lookup here
  // cost the posting 8 times as much (measured: about 48 µs a journal against 6).
  await sqlFunction(functionsDir, 'account_events_queue_entries', 1).execute(db);
  await sql`
    -- Named to run after entry_balanced (triggers run in name order): only checked journals.
    create trigger entry_zz_queue_account_events after insert on entry
      referencing new table as inserted
      for each statement execute function account_events_queue_entries();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger entry_zz_queue_account_events on entry;
    drop function account_events_queue_entries();
    drop table account_event_queue;
  `.execute(db);
}
