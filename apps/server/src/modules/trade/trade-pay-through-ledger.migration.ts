import { type Kysely, sql } from 'kysely';
import { sqlFunction } from '../../platform/db/sql-function';

/**
 * `trade_pay_orders` locks its orders' customer accounts through the ledger's
 * `ledger_lock_accounts` (0020) instead of naming `ledger_account` itself: the ledger is the
 * one place that knows which accounts a posting locks, and in which order.
 */
const functions = new URL('./sql/', import.meta.url);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`${sqlFunction(functions, 'trade_pay_orders', 2)}`.execute(db);
}

/** The `trade_pay_orders` this replaced is not kept (the files hold only the current definitions). */
export async function down(): Promise<void> {
  throw new Error(
    '0021-trade-pay-through-ledger cannot be undone: the trade_pay_orders it replaced is no longer kept ' +
      '(modules/trade/sql holds only the current definitions); restore the database from a backup instead',
  );
}
