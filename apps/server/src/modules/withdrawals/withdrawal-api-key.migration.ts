import { type Kysely, sql } from 'kysely';

/**
 * The API key a withdrawal was submitted with (issue 16), null for a session's: the key's
 * rolling 24-hour USD limit sums its own withdrawals, under the customer's submission lock.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table withdrawal add column api_key_id bigint references api_key (id);
    create index withdrawal_by_api_key on withdrawal (api_key_id, created_at) where api_key_id is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index withdrawal_by_api_key; alter table withdrawal drop column api_key_id;`.execute(db);
}
