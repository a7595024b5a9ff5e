import { type Kysely, sql } from 'kysely';
import { createWithdrawalTransitionFunction, type WithdrawalTransitionTable } from './withdrawal-states.migration';
import { withdrawalTransitionsAt0023 } from './withdrawal-status-names.migration';

/**
 * The state table of `withdrawal-states.ts` as this migration gives it to the trigger: 0023's
 * with `underReview` (held by sanctions screening; compliance releases it to `processing` or
 * refuses it: `cancelled`). Frozen here, so the migration keeps producing the same trigger
 * whatever the table becomes later (the trigger tests compare the live table with the database).
 */
export const withdrawalTransitionsAt0029: WithdrawalTransitionTable = {
  awaitingConfirmation: ['processing', 'completed', 'cancelled'],
  underReview: ['processing', 'cancelled'],
  processing: ['confirming', 'completed', 'failed'],
  confirming: ['completed', 'failed'],
  completed: [],
  failed: [],
  cancelled: [],
};

/** The status CHECK, over the statuses of `table` (a constraint of the same name each time). */
async function replaceStatusCheck(db: Kysely<unknown>, table: WithdrawalTransitionTable): Promise<void> {
  const statuses = Object.keys(table);
  for (const status of statuses) if (!/^[A-Za-z_]+$/.test(status)) throw new Error(`not a withdrawal status: ${status}`);
  await sql`
    alter table withdrawal
      drop constraint withdrawal_status_check,
      add constraint withdrawal_status_check check (status in (${sql.raw(statuses.map((status) => `'${status}'`).join(', '))}))
  `.execute(db);
}

/**
 * `withdrawal.status` may be `underReview`: the column's CHECK allows it and the transition
 * trigger's function is re-created by 0019's generator from the table above. No row changes;
 * the open-withdrawal index (the signer's statuses) is left alone, since the signer never takes a
 * withdrawal under review. `down` refuses while a withdrawal is under review (its hold is
 * compliance's to decide), and restores 0023's CHECK and trigger.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await replaceStatusCheck(db, withdrawalTransitionsAt0029);
  await createWithdrawalTransitionFunction(db, withdrawalTransitionsAt0029);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const underReview = await sql<{ count: string }>`select count(*) as count from withdrawal where status = 'underReview'`.execute(db);
  if (Number(underReview.rows[0]?.count ?? 0) > 0) throw new Error('withdrawals are under review: decide them before undoing 0029');
  await replaceStatusCheck(db, withdrawalTransitionsAt0023);
  await createWithdrawalTransitionFunction(db, withdrawalTransitionsAt0023);
}
