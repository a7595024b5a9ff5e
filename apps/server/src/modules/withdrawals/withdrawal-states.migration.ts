import { type Kysely, sql } from 'kysely';
import { withdrawalTransitions } from './withdrawal-states';

/**
 * The withdrawal state machine (`withdrawal-states.ts`) enforced by PostgreSQL: a BEFORE UPDATE
 * trigger refuses a status change that is not in the table, whoever writes it.
 *
 * The trigger's pairs are built from the exported table, so code and database cannot disagree
 * in a database migrated from scratch; a later change to the table ships with a new migration
 * that re-creates the function from `withdrawalTransitionPairsSql()`.
 */
export function withdrawalTransitionPairsSql(): string {
  const pairs = Object.entries(withdrawalTransitions).flatMap(([from, targets]) => targets.map((to) => [from, to] as const));
  for (const status of pairs.flat()) {
    // Interpolated into the function body: only plain status names may get there.
    if (!/^[a-z_]+$/.test(status)) throw new Error(`not a withdrawal status: ${status}`);
  }
  return pairs.map(([from, to]) => `('${from}', '${to}')`).join(', ');
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function withdrawal_check_transition() returns trigger language plpgsql as $$
    begin
      if (old.status, new.status) not in (${sql.raw(withdrawalTransitionPairsSql())}) then
        raise exception 'WITHDRAWAL_ILLEGAL_TRANSITION % -> %', old.status, new.status using errcode = 'P0001';
      end if;
      return new;
    end $$;
    create trigger withdrawal_transition before update of status on withdrawal
      for each row when (old.status is distinct from new.status) execute function withdrawal_check_transition();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop trigger withdrawal_transition on withdrawal;
    drop function withdrawal_check_transition;
  `.execute(db);
}
