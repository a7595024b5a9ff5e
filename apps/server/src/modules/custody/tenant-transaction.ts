import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import { consoleRole } from './custody.migration';

/**
 * Runs `work` in one transaction fenced to organisation `orgId`: as the database role
 * `coffer_console`, with `coffer.org_id` set for this transaction only. The tables' row-level
 * security policies then show and accept that organisation's rows alone, whatever a query
 * forgets to say; the console's services run every read and write of their tables here.
 */
export function inOrganisation<T>(db: Db, orgId: string, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.transaction().execute(async (trx) => {
    await sql`select set_config('coffer.org_id', ${orgId}, true), set_config('role', ${consoleRole}, true)`.execute(trx);
    return work(trx);
  });
}

/**
 * Steps out of the console role for another module's write in the same transaction (an audit
 * record), then back in: the organisation stays set, and the other module's tables are
 * reached only through its `index.ts`, as everywhere.
 */
export async function asPlatform<T>(trx: Db, work: () => Promise<T>): Promise<T> {
  await sql`select set_config('role', 'none', true)`.execute(trx);
  return afterwards(work, () => sql`select set_config('role', ${consoleRole}, true)`.execute(trx));
}

/**
 * `work`, then `restore`, also when `work` fails: there the work's own error is what the caller
 * sees, even when a failed statement has aborted the transaction and `restore` cannot run (the
 * transaction then only rolls back).
 */
async function afterwards<T>(work: () => Promise<T>, restore: () => Promise<unknown>): Promise<T> {
  let result: T;
  try {
    result = await work();
  } catch (error) {
    await restore().catch(() => undefined);
    throw error;
  }
  await restore();
  return result;
}

/**
 * Fences part of another module's transaction to organisation `orgId` (the deposit watcher's,
 * recording a custody account's deposit): as in `inOrganisation`, then back to the platform with
 * no organisation set, so the rest of that transaction is as it was.
 */
export async function withinOrganisation<T>(trx: Db, orgId: string, work: () => Promise<T>): Promise<T> {
  await sql`select set_config('coffer.org_id', ${orgId}, true), set_config('role', ${consoleRole}, true)`.execute(trx);
  return afterwards(work, () => sql`select set_config('coffer.org_id', '', true), set_config('role', 'none', true)`.execute(trx));
}
