import { type Kysely, sql } from 'kysely';

/**
 * Identity verification (spec §1, §3–§6): the per-level limits an operator may change, the
 * customers' uploads (stored encrypted elsewhere, only their keys here), the applications of
 * each level with their decision, and the identity provider's webhook deliveries (replay and
 * idempotency). One open and one verified application per customer and level, by index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table kyc_level_limit (
      level smallint primary key check (level between 0 and 3),
      withdrawal_daily_usd numeric(20, 2) not null check (withdrawal_daily_usd >= 0),
      trade_max_usd numeric(20, 2) not null check (trade_max_usd >= 0),
      updated_at timestamptz not null default now(),
      updated_by text
    );
    insert into kyc_level_limit (level, withdrawal_daily_usd, trade_max_usd) values
      (0, 0, 1000), (1, 2000, 20000), (2, 50000, 200000), (3, 1000000, 5000000);

    create table kyc_upload (
      id bigint generated always as identity primary key,
      user_id bigint not null,
      purpose text not null check (purpose in ('addressProof', 'video')),
      blob_key text not null unique,
      kind text not null check (kind in ('jpeg', 'png', 'pdf', 'webm', 'mp4')),
      mime text not null,
      size integer not null check (size > 0),
      sha256 text not null,
      duration_ms integer check (duration_ms is null or duration_ms between 0 and 120000),
      created_at timestamptz not null default now()
    );
    create index kyc_upload_owner on kyc_upload (user_id, created_at desc);

    create table kyc_application (
      id bigint generated always as identity primary key,
      user_id bigint not null,
      level smallint not null check (level in (1, 2, 3)),
      state text not null check (state in ('continue', 'verifying', 'verified', 'failed')),
      country text not null check (country ~ '^[A-Z]{2}$'),
      data jsonb not null default '{}',
      document_type text check (document_type in ('idCard', 'driverLicence', 'passport')),
      id_number_encrypted text,
      id_number_masked text,
      id_last6_digest text,
      upload_id bigint references kyc_upload (id),
      provider text,
      provider_session_id text unique,
      provider_outcome jsonb,
      rule_checks jsonb not null default '[]',
      reject_reason_key text,
      reject_reason text check (reject_reason is null or length(reject_reason) <= 500),
      decided_by text,
      decided_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      check ((state in ('verified', 'failed')) = (decided_at is not null))
    );
    create unique index kyc_application_open on kyc_application (user_id, level) where state in ('continue', 'verifying');
    create unique index kyc_application_verified on kyc_application (user_id, level) where state = 'verified';
    create index kyc_application_owner on kyc_application (user_id, level, id desc);
    create index kyc_application_queue on kyc_application (state, created_at) where state = 'verifying';

    create table kyc_webhook_delivery (
      delivery_id text primary key check (length(delivery_id) between 1 and 200),
      provider text not null,
      session_id text not null,
      received_at timestamptz not null default now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table kyc_webhook_delivery, kyc_application, kyc_upload, kyc_level_limit`.execute(db);
}
