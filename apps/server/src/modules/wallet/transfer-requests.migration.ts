import { type Kysely, sql } from 'kysely';

/**
 * `wallet_transfer_request`: one row per transfer request id, claimed before anything is
 * verified. The payload hash makes a replay recognisable without the fund password; the
 * attempt number tells duplicates in flight which attempt's outcome to share; a failed attempt
 * leaves the id free for a corrected retry. Transfers made before this table have no hash.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table wallet_transfer_request (
      request_key text primary key,
      user_id bigint not null references app_user (id),
      payload_hash text,
      state text not null check (state in ('pending', 'failed', 'done')),
      attempt integer not null default 1,
      failure jsonb,
      transfer_id bigint unique references wallet_transfer (id),
      claimed_at timestamptz not null default now(),
      constraint wallet_transfer_request_done check ((state = 'done') = (transfer_id is not null)),
      constraint wallet_transfer_request_failure check ((state = 'failed') = (failure is not null))
    );
    insert into wallet_transfer_request (request_key, user_id, payload_hash, state, transfer_id, claimed_at)
      select request_key, from_user_id, null, 'done', id, created_at from wallet_transfer;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table wallet_transfer_request`.execute(db);
}
