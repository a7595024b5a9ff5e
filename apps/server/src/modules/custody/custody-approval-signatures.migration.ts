import { type Kysely, sql } from 'kysely';

/**
 * How each custody approval was confirmed (issue 18 item 3): `method` is `passkey` when the
 * member's security key signed the challenge derived from the order's digest, else
 * `secondFactor`. A passkey approval keeps the key's name as it was then and the assertion as
 * the key made it (base64url credential id, signature, authenticator data and client data), so
 * the timeline shows it and anyone can re-verify it against the key; the other rows have none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table custody_withdrawal_approval
      add column method text not null default 'secondFactor' check (method in ('secondFactor', 'passkey')),
      add column credential_id text,
      add column credential_name text,
      add column signature text,
      add column authenticator_data text,
      add column client_data_json text,
      add constraint custody_withdrawal_approval_signed check (
        (method = 'passkey') = (credential_id is not null and credential_name is not null and signature is not null
          and authenticator_data is not null and client_data_json is not null)
        and (method = 'secondFactor' or decision = 'approve'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table custody_withdrawal_approval
      drop constraint custody_withdrawal_approval_signed,
      drop column method, drop column credential_id, drop column credential_name, drop column signature,
      drop column authenticator_data, drop column client_data_json;
  `.execute(db);
}
