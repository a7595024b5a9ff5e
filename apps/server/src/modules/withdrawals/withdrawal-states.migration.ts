import { type Kysely, sql } from 'kysely';
import { withdrawalTransitions } from './withdrawal-states';

/** A transition table as the trigger is built from: each status and the ones it may move to. */
export type WithdrawalTransitionTable = Readonly<Record<string, readonly string[]>>;

/**
 * The table as it stood when 0019 ran, in the snake_case names the column held then. Frozen
 * here so that 0019 keeps producing the trigger it produced (a database migrated from scratch
 * runs 0019 before 0023 renames the statuses), and 0023's `down` restores it.
 */
export const withdrawalTransitionsAt0019: WithdrawalTransitionTable = {
  awaiting_confirmation: ['processing', 'completed', 'cancelled'],
  processing: ['confirming', 'completed', 'failed'],
  confirming: ['completed', 'failed'],
  completed: [],
  failed: [],
  cancelled: [],
};

/**
 * The withdrawal state machine (`withdrawal-states.ts`) enforced by PostgreSQL: a BEFORE UPDATE
 * trigger refuses a status change that is not in the table, whoever writes it.
 *
 * The trigger's pairs are built from a transition table, so code and database cannot disagree;
 * a later change to the table ships with a new migration that re-creates the function from
 * `withdrawalTransitionPairsSql()` (the live table, as 0023 does), while this migration keeps
 * building from its frozen copy.
 */
export function withdrawalTransitionPairsSql(table: WithdrawalTransitionTable = withdrawalTransitions): string {
  const pairs = Object.entries(table).flatMap(([from, targets]) => targets.map((to) => [from, to] as const));
  for (const status of pairs.flat()) {
    // Interpolated into the function body: only plain status names may get there.
    if (!/^[A-Za-z_]+$/.test(status)) throw new Error(`not a withdrawal status: ${status}`);
  }
  return pairs.map(([from, to]) => `('${from}', '${to}')`).join(', ');
}

/** (Re-)creates the trigger function from `table`; the trigger itself calls it by name. */
export async function createWithdrawalTransitionFunction(db: Kysely<unknown>, table: WithdrawalTransitionTable): Promise<void> {
  await sql`
    create or replace function withdrawal_check_transition() returns trigger language plpgsql as $$
    begin
      if (old.status, new.status) not in (${sql.raw(withdrawalTransitionPairsSql(table))}) then
        raise exception 'WITHDRAWAL_ILLEGAL_TRANSITION % -> %', old.status, new.status using errcode = 'P0001';
      end if;
      return new;
    end $$;
  `.execute(db);
}

/** The trigger on the status column, calling `withdrawal_check_transition()`. */
export async function createWithdrawalTransitionTrigger(db: Kysely<unknown>): Promise<void> {
  await sql`
    create trigger withdrawal_transition before update of status on withdrawal
      for each row when (old.status is distinct from new.status) execute function withdrawal_check_transition();
  `.execute(db);
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await createWithdrawalTransitionFunction(db, withdrawalTransitionsAt0019);
  await createWithdrawalTransitionTrigger(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger withdrawal_transition on withdrawal;
    drop function withdrawal_check_transition;
  `.execute(db);
}
