import { type Kysely, sql } from 'kysely';

/**
 * Passkeys (WebAuthn) as a second factor (issue 16 item 8).
 *
 * - `passkey`: a customer's registered credentials. `credential_id` (base64url) is unique over
 *   all customers; `public_key` is the COSE key; `counter` the authenticator's signature count,
 *   which only moves forward (a conditional update refuses a regression).
 * - `passkey_challenge`: each challenge the server handed out, bound to its customer and
 *   purpose (`register`, `login`, or the verification's code purpose), live 5 minutes and spent
 *   at most once by a conditional update, so of many requests carrying one assertion one wins.
 * - `security_history.operation` takes the passkey operations (1014 add, 1015 remove); the
 *   codes in between (1011–1013) are the API key changes'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table passkey (
      id bigint generated always as identity primary key,
      user_id bigint not null references app_user (id),
      credential_id text not null unique check (length(credential_id) between 1 and 1400),
      public_key bytea not null,
      counter bigint not null default 0 check (counter >= 0),
      transports text[] not null default '{}',
      name text not null check (length(name) between 1 and 50),
      created_at timestamptz not null default now(),
      last_used_at timestamptz
    );
    create index passkey_user on passkey (user_id);
    create table passkey_challenge (
      id bigint generated always as identity primary key,
      user_id bigint not null references app_user (id),
      purpose text not null check (length(purpose) between 1 and 40),
      challenge text not null unique,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    );
    create index passkey_challenge_expiry on passkey_challenge (expires_at);
    alter table security_history drop constraint security_history_operation_check;
    alter table security_history add constraint security_history_operation_check check (operation between 1000 and 1015);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from security_history where operation in (1014, 1015);
    alter table security_history drop constraint security_history_operation_check;
    alter table security_history add constraint security_history_operation_check check (operation between 1000 and 1013);
    drop table passkey_challenge;
    drop table passkey;
  `.execute(db);
}
