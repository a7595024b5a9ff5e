import { type Kysely, sql } from 'kysely';
import { sqlFunction } from '../../platform/db/sql-function';

/**
 * Paying several spot orders in one round trip and one commit (group commit of pays, as the
 * ledger's own batches): `trade_pay_orders` came in here (0021 changed it last and installs
 * it), and `trade_pay_order` was set to plan with sequential scans ruled out: every lookup of
 * both is by key, and a plan cached while the order table was small scanned it whole (as in
 * 0014). That makes this the migration that installs `sql/trade_pay_order.sql`.
 */
const functions = new URL('./sql/', import.meta.url);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`${sqlFunction(functions, 'trade_pay_order', 2)}`.execute(db);
}

/** Without the setting, `trade_pay_order` is as 0013 made it. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter function trade_pay_order(bigint, bigint, timestamptz, text, text, integer, jsonb) reset enable_seqscan;
    drop function if exists trade_pay_orders(jsonb);
  `.execute(db);
}
