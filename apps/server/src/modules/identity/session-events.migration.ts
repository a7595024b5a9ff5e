import { type Kysely, sql } from 'kysely';
import { sqlFunction } from '../../platform/db/sql-function';

const functionsDir = new URL('./sql/', import.meta.url);

/**
 * `coffer_session_ended` carries the id of a session that ended (log out, password change),
 * so a live socket opened with it (wallet's account feed) closes at once in whichever process
 * holds it; ending a session is rare, so it is notified directly.
 *
 * Applied as the second part of migration 0018 (`0018-wallet-account-events`), after the
 * ledger's `balance-events.migration.ts`.
 */
export const sessionEndedChannel = 'coffer_session_ended';

export async function up(db: Kysely<unknown>): Promise<void> {
  // sql/account_events_announce_session_end.sql notifies on `sessionEndedChannel`.
  await sqlFunction(functionsDir, 'account_events_announce_session_end', 1).execute(db);
  await sql`
    create trigger user_session_announce_end after update of ended_at on user_session
      for each row when (old.ended_at is null and new.ended_at is not null)
      execute function account_events_announce_session_end();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger user_session_announce_end on user_session;
    drop function account_events_announce_session_end();
  `.execute(db);
}
