import { type Kysely, sql } from 'kysely';

/**
 * The back office's customer lock (issue 15) and the indexes its customer search needs.
 *
 * - `locked_at`, `locked_by` (the operator's id), `lock_reason`: all set while the customer is
 *   locked, all null otherwise. A locked customer cannot log in, has no live session and moves
 *   no money.
 * - The search looks a customer up by user number (unique), id (primary key), e-mail (unique,
 *   stored normalised) or phone: `app_user_phone_key` leads with the dial code, so a number
 *   given without it had no index, and `'+' || dial code || number` (a number given whole, also
 *   identity's `findByFullPhone`) had none either.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table app_user
      add column locked_at timestamptz,
      add column locked_by text check (length(locked_by) between 1 and 200),
      add column lock_reason text check (length(lock_reason) between 1 and 300),
      add constraint app_user_lock_whole check (
        (locked_at is null) = (locked_by is null) and (locked_at is null) = (lock_reason is null)
      );
    create index app_user_phone_number on app_user (phone);
    create index app_user_full_phone on app_user (('+' || phone_dial_code || phone));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index app_user_full_phone;
    drop index app_user_phone_number;
    alter table app_user
      drop constraint app_user_lock_whole,
      drop column lock_reason,
      drop column locked_by,
      drop column locked_at;
  `.execute(db);
}
