import { type Kysely, sql } from 'kysely';
import { sqlFunction } from '../../platform/db/sql-function';

/**
 * `ledger_lock_accounts`: the one place that locks a posting's customer accounts ahead of it,
 * in id order. `ledger_post_batch` locks through it, and so does trade's batch of pays, which
 * before locked `ledger_account` rows itself.
 */
const functions = new URL('./sql/', import.meta.url);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ${sqlFunction(functions, 'ledger_lock_accounts', 1)}
    ${sqlFunction(functions, 'ledger_post_batch', 3)}
  `.execute(db);
}

/** The `ledger_post_batch` this replaced is not kept (the files hold only the current definitions). */
export async function down(): Promise<void> {
  throw new Error(
    '0020-ledger-lock-accounts cannot be undone: the ledger_post_batch it replaced is no longer kept ' +
      '(modules/ledger/sql holds only the current definitions); restore the database from a backup instead',
  );
}
