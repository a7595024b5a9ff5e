import { type Kysely, sql } from 'kysely';

/**
 * A deposit's senders, as the chain source reads them (EVM: the transaction's `from` and a
 * token's `from`; Bitcoin: the addresses its inputs spend from; XRP: the paying `Account`), for
 * the sanctions screening of deposit sources at crediting. Null where the source named none:
 * deposits recorded before this migration, and Bitcoin and XRP ones recorded before their
 * sources read senders.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table deposit add column source_addresses text[]`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table deposit drop column source_addresses`.execute(db);
}
