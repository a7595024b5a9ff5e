import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The sandbox identity provider's sessions, shared by every server process that serves the
 * sandbox. An outcome is recorded once (`completed_at` set with it, the webhook's id and body
 * kept for re-delivery); the uploaded images are never stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table kyc_sandbox_session (
      id text primary key,
      reference text not null,
      customer_ref text not null,
      country text not null,
      document_type text not null check (document_type in ('idCard', 'driverLicence', 'passport')),
      locale text not null check (locale in ('en', 'zh-CN', 'zh-TW', 'ru')),
      success_url text not null,
      error_url text not null,
      callback_url text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      outcome jsonb null,
      completed_at timestamptz null,
      delivery_id text null unique,
      delivery_body text null,
      check ((completed_at is null) = (outcome is null)),
      check ((completed_at is null) = (delivery_id is null)),
      check ((delivery_id is null) = (delivery_body is null))
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table kyc_sandbox_session`.execute(db);
}

export const sandboxMigration: Migration = { up, down };
