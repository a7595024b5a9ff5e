import { type Kysely, sql } from 'kysely';
import { sqlFunction } from '../../platform/db/sql-function';

/**
 * The same postings with fewer statements per journal (measured on the trade bench: a
 * five-leg settlement cost about 17 statements and 5 foreign-key checks).
 *
 * - `ledger_post` finds every account of the journal in one query (asset, house or not)
 *   instead of trying an update and then a lookup per house leg; the entries and the house
 *   accounts' waiting changes go in one statement.
 * - `entry` loses its foreign key to `journal`: that check ran once per entry row, and a
 *   backend whose plan for it was made while `journal` was small kept scanning the whole
 *   table. The statement trigger checks each journal once instead, in the one query that
 *   now holds all of its checks. Journals can never be deleted or truncated (0003), so a
 *   journal found at insert time stays.
 * - These functions and `ledger_post_batch` plan with sequential scans ruled out: every
 *   lookup in them is by key, and a backend caches their plans; a plan made while journal or
 *   ledger_account was small (a new platform, a fresh benchmark) was a scan of the whole
 *   table, kept as the table grew (measured: 61 million journal rows read in a 30-second
 *   run). With scans ruled out the plans are index probes whatever the statistics. (On a
 *   database migrated before the functions moved to `sql/`, this migration also set it on
 *   `ledger_post_batch`; that function is now installed by 0020.)
 */
const functions = new URL('./sql/', import.meta.url);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table entry drop constraint entry_journal_id_fkey;
    ${sqlFunction(functions, 'ledger_check_entries', 2)}
    ${sqlFunction(functions, 'ledger_post', 2)}
  `.execute(db);
}

/** The bodies this replaced are not kept (the files hold only the current definitions). */
export async function down(): Promise<void> {
  throw new Error(
    '0014-ledger-lean-posting cannot be undone: the ledger_post and ledger_check_entries it replaced are no longer kept ' +
      '(modules/ledger/sql holds only the current definitions); restore the database from a backup instead',
  );
}
