import { type Kysely, sql } from 'kysely';

/**
 * Users, sessions, verification codes, attempt counters, histories and the dev outbox.
 * Secrets are never stored in the clear: passwords and fund passwords as argon2id hashes,
 * tokens and codes as HMAC-SHA-256, the authenticator secret encrypted (AES-256-GCM).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table app_user (
      id bigint generated always as identity primary key,
      user_no text not null unique,
      account_kind text not null default 'personal' check (account_kind in ('personal', 'enterprise')),
      email text unique,
      phone_country text,
      phone_dial_code text,
      phone text,
      residence_country text not null,
      password_hash text not null,
      fund_password_hash text,
      totp_secret_encrypted text,
      totp_last_step bigint,
      kyc_level smallint not null default 0,
      fiat text not null default 'USD' check (fiat in ('USD', 'CNY')),
      invite_code text not null unique,
      invited_by bigint references app_user (id),
      withdraw_locked_until timestamptz,
      last_login_at timestamptz,
      created_at timestamptz not null default now(),
      constraint app_user_has_contact check (email is not null or phone is not null),
      constraint app_user_phone_whole check ((phone is null) = (phone_dial_code is null))
    );
    create unique index app_user_phone_key on app_user (phone_dial_code, phone) where phone is not null;

    create table user_session (
      id bigint generated always as identity primary key,
      user_id bigint not null references app_user (id),
      token_hash text not null unique,
      client_kind text not null,
      device text not null,
      ip text not null,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      expires_at timestamptz not null,
      ended_at timestamptz
    );
    create index user_session_user on user_session (user_id) where ended_at is null;

    create table pre_login (
      id bigint generated always as identity primary key,
      user_id bigint not null references app_user (id),
      token_hash text not null unique,
      device text not null,
      ip text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    );

    create table session_ticket (
      id bigint generated always as identity primary key,
      user_id bigint not null references app_user (id),
      ticket_hash text not null unique,
      expires_at timestamptz not null,
      used_at timestamptz
    );

    create table password_reset (
      id bigint generated always as identity primary key,
      user_id bigint not null references app_user (id),
      token_hash text not null unique,
      expires_at timestamptz not null,
      used_at timestamptz
    );

    create table verification_code (
      id bigint generated always as identity primary key,
      purpose text not null,
      channel text not null check (channel in ('email', 'sms')),
      target text not null,
      user_id bigint references app_user (id),
      code_hash text not null,
      wrong_attempts integer not null default 0,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    );
    create index verification_code_lookup on verification_code (purpose, target, created_at desc);

    create table attempt_counter (
      scope text not null,
      subject text not null,
      failures integer not null default 0,
      window_started_at timestamptz not null default now(),
      locked_until timestamptz,
      primary key (scope, subject)
    );

    create table security_history (
      id bigint generated always as identity primary key,
      user_id bigint not null references app_user (id),
      operation smallint not null check (operation between 1000 and 1010),
      status text not null check (status in ('success', 'failed')),
      device text not null,
      ip text not null,
      location text not null,
      created_at timestamptz not null default now()
    );
    create index security_history_user on security_history (user_id, created_at desc);

    create table login_history (
      id bigint generated always as identity primary key,
      user_id bigint not null references app_user (id),
      status text not null check (status in ('success', 'failed')),
      device text not null,
      ip text not null,
      location text not null,
      created_at timestamptz not null default now()
    );
    create index login_history_user on login_history (user_id, created_at desc);

    create table dev_outbox (
      id bigint generated always as identity primary key,
      channel text not null,
      recipient text not null,
      subject text not null,
      body text not null,
      created_at timestamptz not null default now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table dev_outbox, login_history, security_history, attempt_counter, verification_code,
      password_reset, session_ticket, pre_login, user_session, app_user;
  `.execute(db);
}
