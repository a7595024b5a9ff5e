import { type Kysely, sql } from 'kysely';

/** Channel of the NOTIFY sent in the transaction of every key change; its payload is the access key. */
export const apiKeyChangedChannel = 'api_key_changed';

/**
 * API keys (issue 16, spec §3/§4):
 * - `api_key`: a customer's key — the access key Coffer gave, the customer's Ed25519 public key
 *   (raw 32 bytes, unique among live keys, and the text as given), rights, bound IPs, and for the
 *   withdraw right a 24-hour USD limit (cents) and bound address-book entries; `deleted_at` once deleted;
 * - `api_key_change`: a pending create, edit or delete (10 minutes), spent once by its verified request;
 * - `api_key_nonce`: every nonce a key signed with, shared by all nodes, purged after the window.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table api_key (
      id bigint generated always as identity primary key,
      user_id bigint not null references app_user (id),
      access_key text not null unique check (access_key ~ '^[0-9a-f]{32}$'),
      label text not null,
      public_key_text text not null,
      public_key_raw bytea not null check (octet_length(public_key_raw) = 32),
      rights text[] not null check (rights <@ array['read', 'trade', 'withdraw']::text[]),
      ips text[] not null default '{}',
      withdraw_daily_cents numeric(38, 0) check (withdraw_daily_cents > 0),
      withdraw_address_ids bigint[] not null default '{}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      last_used_at timestamptz,
      deleted_at timestamptz
    );
    create unique index api_key_live_public_key on api_key (public_key_raw) where deleted_at is null;
    create index api_key_live_by_customer on api_key (user_id) where deleted_at is null;

    create table api_key_change (
      id bigint generated always as identity primary key,
      change_id text not null unique,
      user_id bigint not null references app_user (id),
      kind text not null check (kind in ('create', 'edit', 'delete')),
      api_key_id bigint references api_key (id),
      settings jsonb not null,
      fund_password_required boolean not null,
      expires_at timestamptz not null,
      consumed_at timestamptz,
      created_at timestamptz not null default now(),
      constraint api_key_change_names_key check ((kind = 'create') = (api_key_id is null))
    );
    create index api_key_change_expiry on api_key_change (expires_at);

    create table api_key_nonce (
      api_key_id bigint not null,
      nonce text not null,
      created_at timestamptz not null default now(),
      primary key (api_key_id, nonce)
    );
    create index api_key_nonce_age on api_key_nonce (created_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table api_key_nonce; drop table api_key_change; drop table api_key;`.execute(db);
}
