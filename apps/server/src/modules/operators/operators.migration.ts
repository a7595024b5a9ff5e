import { type Kysely, sql } from 'kysely';

/**
 * Back-office operators and their sessions. As with customers, no secret is stored in the
 * clear: the password as an argon2id hash (with the pepper), the authenticator secret (and the
 * one an activation holds pending) sealed with AES-256-GCM, the activation link's token and the
 * session tokens as HMAC-SHA-256.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table operator (
      id bigint generated always as identity primary key,
      email text not null check (email = lower(email)),
      display_name text,
      role text not null check (role in ('superAdmin', 'compliance', 'support', 'finance')),
      status text not null default 'disabled' check (status in ('active', 'disabled')),
      password_hash text,
      totp_secret_encrypted text,
      totp_last_step bigint,
      activation_token_hash text unique,
      activation_expires_at timestamptz,
      activation_used_at timestamptz,
      pending_totp_secret_encrypted text,
      activated_at timestamptz,
      last_login_at timestamptz,
      created_at timestamptz not null default now(),
      constraint operator_active_has_secrets check (status <> 'active' or (password_hash is not null and totp_secret_encrypted is not null))
    );
    create unique index operator_email_key on operator (lower(email));

    create table operator_session (
      id bigint generated always as identity primary key,
      operator_id bigint not null references operator (id),
      token_hash text not null unique,
      ip text not null,
      user_agent text not null,
      created_at timestamptz not null default now(),
      last_seen_at timestamptz not null default now(),
      expires_at timestamptz not null,
      absolute_expires_at timestamptz not null,
      ended_at timestamptz,
      constraint operator_session_within_lifetime check (expires_at <= absolute_expires_at)
    );
    create index operator_session_operator on operator_session (operator_id) where ended_at is null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table operator_session; drop table operator;`.execute(db);
}
