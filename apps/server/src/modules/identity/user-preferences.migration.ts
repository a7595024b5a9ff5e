import { type Kysely, sql } from 'kysely';

/**
 * Preferences (spec §7 set-preferences) and the authenticator change in steps (change-ga-check,
 * ga-generate, ga-check).
 *
 * - `app_user.language`: the language of the customer's e-mails and SMS; null follows the
 *   request. The valuation currency stays `app_user.fiat` (set-fiat's column).
 * - `notify_*`: the optional notices; security notices have no column (always sent).
 * - `authenticator_change`: a change ticket (its MAC), bound to the customer, single-use
 *   (`used_at`), expiring; `secret_encrypted` holds the pending new secret (AES-256-GCM with the
 *   platform key) once ga-generate made one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table app_user
      add column language text check (language in ('en', 'zh-CN', 'zh-TW', 'ru')),
      add column notify_login boolean not null default true,
      add column notify_withdrawal boolean not null default true,
      add column notify_deposit boolean not null default true,
      add column notify_marketing boolean not null default false;

    create table authenticator_change (
      id bigint generated always as identity primary key,
      user_id bigint not null references app_user (id),
      ticket_hash text not null unique,
      secret_encrypted text,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    );
    create index authenticator_change_user on authenticator_change (user_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table authenticator_change;
    alter table app_user
      drop column notify_marketing,
      drop column notify_deposit,
      drop column notify_withdrawal,
      drop column notify_login,
      drop column language;
  `.execute(db);
}
