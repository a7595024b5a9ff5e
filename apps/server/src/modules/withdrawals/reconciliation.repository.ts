import { sql, type Insertable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { WithdrawalTables } from './withdrawals.schema';

// The SQL on `reconciliation_run` and `reconciliation_line`. Each function takes the executor it
// runs on: the pool, or the caller's transaction.

type ReconciliationLineValues = Omit<Insertable<WithdrawalTables['reconciliation_line']>, 'run_id'>;

export function insertRun(trx: Db) {
  return trx.insertInto('reconciliation_run').defaultValues().returning(['id', 'at']).executeTakeFirstOrThrow();
}

export async function insertLines(trx: Db, runId: string, lines: ReconciliationLineValues[]): Promise<void> {
  await trx
    .insertInto('reconciliation_line')
    .values(lines.map((line) => ({ run_id: runId, ...line })))
    .execute();
}

/** The newest recorded run, if any. */
export function latestRun(executor: Db) {
  return executor.selectFrom('reconciliation_run').select(['id', 'at']).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** A run's lines by chain and asset. */
export function runLines(executor: Db, runId: string) {
  return executor.selectFrom('reconciliation_line').selectAll().where('run_id', '=', runId).orderBy('chain').orderBy('asset').execute();
}

/** The newest runs, newest first, each with how many of its lines show a difference. */
export function runHistory(executor: Db, limit: number) {
  return executor
    .selectFrom('reconciliation_run')
    .leftJoin('reconciliation_line', 'reconciliation_line.run_id', 'reconciliation_run.id')
    .select([
      'reconciliation_run.id',
      'reconciliation_run.at',
      sql<string>`count(reconciliation_line.run_id) filter (where reconciliation_line.difference <> 0)`.as('mismatches'),
    ])
    .groupBy(['reconciliation_run.id', 'reconciliation_run.at'])
    .orderBy('reconciliation_run.id', 'desc')
    .limit(limit)
    .execute();
}
