import { type Kysely, sql } from 'kysely';

/**
 * What the per-customer live channel (`account-feed.ts`) hears. Balance changes are queued by
 * the database itself, so every writer is covered — the ledger service, its group-commit
 * batches, the trade's own SQL around `ledger_post` — and only committed journals are seen.
 *
 * A NOTIFY inside the posting transaction would be simpler, but PostgreSQL serialises the
 * commits of notifying transactions on one lock held through the commit's disk flush: measured
 * on `bench:ledger`, 25–40 % fewer transfers per second at 8 and 32 clients. So the posting
 * only adds a row to an unlogged queue (no write-ahead log), one per journal naming its
 * accounts, and each app process's relay turns the queue into NOTIFYs naming the customers,
 * from a connection that commits without waiting for the disk (`account-feed.ts`).
 *
 * `coffer_session_ended` carries the id of a session that ended (log out, password change),
 * so a socket opened with it closes at once in whichever process holds it; ending a session
 * is rare, so this one is notified directly.
 */
export const accountChannel = 'coffer_account';
export const sessionEndedChannel = 'coffer_session_ended';

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Unlogged: no write-ahead log for these rows, and a crash forgets them (harmlessly).
    create unlogged table account_event_queue (account_ids bigint[] not null);

    -- The accounts as they are: which of them are customers' (and whose) the relay finds, once
    -- per round; a lookup here cost the posting 8 times as much (measured: about 48 µs a journal
    -- against 6).
    create function account_events_queue_entries() returns trigger language plpgsql as $$
    begin
      insert into account_event_queue (account_ids) select array_agg(i.account_id) from inserted i;
      return null;
    end $$;

    -- Named to run after entry_balanced (triggers run in name order): only checked journals.
    create trigger entry_zz_queue_account_events after insert on entry
      referencing new table as inserted
      for each statement execute function account_events_queue_entries();

    create function account_events_announce_session_end() returns trigger language plpgsql as $$
    begin
      perform pg_notify('${sql.raw(sessionEndedChannel)}', new.id::text);
      return null;
    end $$;

    create trigger user_session_announce_end after update of ended_at on user_session
      for each row when (old.ended_at is null and new.ended_at is not null)
      execute function account_events_announce_session_end();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger user_session_announce_end on user_session;
    drop function account_events_announce_session_end();
    drop trigger entry_zz_queue_account_events on entry;
    drop function account_events_queue_entries();
    drop table account_event_queue;
  `.execute(db);
}
