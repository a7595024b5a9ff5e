import { type Kysely, sql } from 'kysely';
import {
  createWithdrawalTransitionFunction,
  createWithdrawalTransitionTrigger,
  withdrawalTransitionsAt0019,
  type WithdrawalTransitionTable,
} from './withdrawal-states.migration';

/**
 * The state table of `withdrawal-states.ts` in the names this migration gives the column,
 * frozen so the migration keeps producing the same trigger whatever the table becomes later
 * (a later change ships its own migration; the trigger tests compare the live table with the
 * database).
 */
export const withdrawalTransitionsAt0023: WithdrawalTransitionTable = {
  awaitingConfirmation: ['processing', 'completed', 'cancelled'],
  processing: ['confirming', 'completed', 'failed'],
  confirming: ['completed', 'failed'],
  completed: [],
  failed: [],
  cancelled: [],
};

/**
 * `withdrawal.status` in camelCase, as `trade_order.status` has it: `awaiting_confirmation`
 * becomes `awaitingConfirmation`; `processing`, `confirming`, `completed`, `failed` and
 * `cancelled` are one word and stay. The column's CHECK, the deadline CHECK and the
 * open-withdrawal index name the old spelling, so they are rebuilt on the new one, and the
 * transition trigger's function is re-created by 0019's generator from the table above
 * (`down`: from 0019's own frozen copy). The trigger is dropped while the rows are rewritten
 * (a rename is no state change) and re-created after. `withdrawal_completed_has_journal`
 * names only `completed` and is left alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await renameAwaitingConfirmation(db, 'awaiting_confirmation', 'awaitingConfirmation', withdrawalTransitionsAt0023);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await renameAwaitingConfirmation(db, 'awaitingConfirmation', 'awaiting_confirmation', withdrawalTransitionsAt0019);
}

/**
 * Rewrites the rows' `from` to `to`, rebuilds the status CHECK, the deadline CHECK and the
 * open-withdrawal index on `to`, and re-creates the transition trigger from `transitions`.
 */
async function renameAwaitingConfirmation(
  db: Kysely<unknown>,
  from: string,
  to: string,
  transitions: WithdrawalTransitionTable,
): Promise<void> {
  const [oldName, newName] = [sql.raw(`'${from}'`), sql.raw(`'${to}'`)];
  await sql`
    drop trigger withdrawal_transition on withdrawal;
    alter table withdrawal
      drop constraint withdrawal_status_check,
      drop constraint withdrawal_waiting_has_deadline;
    drop index withdrawal_open;
    alter table withdrawal
      alter column status type text
        using (case status when ${oldName} then ${newName} else status end),
      add constraint withdrawal_status_check
        check (status in (${newName}, 'processing', 'confirming', 'completed', 'failed', 'cancelled')),
      add constraint withdrawal_waiting_has_deadline check ((status = ${newName}) = (confirm_before is not null));
    create index withdrawal_open on withdrawal (status, id) where status in (${newName}, 'processing', 'confirming');
  `.execute(db);
  await createWithdrawalTransitionFunction(db, transitions);
  await createWithdrawalTransitionTrigger(db);
}
