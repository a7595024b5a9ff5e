import { type Kysely, sql } from 'kysely';

/**
 * Paying a spot order in one round trip: `trade_pay_order` (`sql/trade_pay_order.sql`) claims
 * the order, posts the settlement through the ledger's `ledger_post` and completes the order
 * in the one statement's transaction, so the order's state and the ledger never disagree.
 *
 * It came in here; 0015 changed it last and installs the current file, so on a fresh database
 * this migration does nothing (see `platform/db/sql-function.ts`).
 */
export async function up(): Promise<void> {}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists trade_pay_order(bigint, bigint, timestamptz, text, text, integer, jsonb)`.execute(db);
}
