import { type Kysely, sql } from 'kysely';

/**
 * The cap on a customer's open pending key changes (`API_KEY_PENDING_CHANGES_MAX`): each
 * pre-request counts that customer's unspent changes, so they are found by customer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index api_key_change_open_by_customer on api_key_change (user_id, expires_at) where consumed_at is null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index api_key_change_open_by_customer`.execute(db);
}
