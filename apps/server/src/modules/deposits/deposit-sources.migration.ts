import { type Kysely, sql } from 'kysely';

/**
 * A deposit's senders, where the chain source reads them (EVM: the transaction's `from` and a
 * token's `from`), for the sanctions screening of deposit sources at crediting. Null where the
 * chain does not say (Bitcoin, XRP for now) and for deposits recorded before this migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table deposit add column source_addresses text[]`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table deposit drop column source_addresses`.execute(db);
}
