import { type Kysely, sql } from 'kysely';

/** Each status as a SQL literal: the old smallint codes, and the names that replace them. */
interface StatusLiterals {
  credited: string;
  failed: string;
  waiting: string;
}

const codes: StatusLiterals = { credited: '1', failed: '2', waiting: '3' };
const names: StatusLiterals = { credited: "'credited'", failed: "'failed'", waiting: "'waiting'" };

/**
 * `deposit.status` as camelCase text, as `trade_order.status` has it: the smallint codes of
 * spec §4 (1 credited, 2 failed, 3 waiting) become `credited`, `failed` and `waiting`. The API
 * still answers the codes (`deposit-statuses.ts` maps both ways). The column's CHECK, the two
 * CHECKs that tie a status to its journal or reason, and the waiting index's predicate name
 * the codes, so they are dropped before the column changes type and rebuilt on the names.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await convertStatus(db, 'text', codes, names);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await convertStatus(db, 'smallint', names, codes);
}

/**
 * Drops the status CHECKs and the waiting index, turns the column into `type` with each row's
 * `from` literal becoming its `to` literal, and rebuilds the CHECKs and the index on `to`.
 */
async function convertStatus(db: Kysely<unknown>, type: 'text' | 'smallint', from: StatusLiterals, to: StatusLiterals): Promise<void> {
  const [credited, failed, waiting] = [to.credited, to.failed, to.waiting].map((literal) => sql.raw(literal));
  await sql`
    alter table deposit
      drop constraint deposit_status_check,
      drop constraint deposit_credited_has_journal,
      drop constraint deposit_failed_has_reason;
    drop index deposit_waiting;
    alter table deposit
      alter column status type ${sql.raw(type)} using (case status when ${sql.raw(from.credited)} then ${credited} when ${sql.raw(from.failed)} then ${failed} when ${sql.raw(from.waiting)} then ${waiting} end),
      add constraint deposit_status_check check (status in (${credited}, ${failed}, ${waiting})),
      add constraint deposit_credited_has_journal check ((status = ${credited}) = (journal_id is not null)),
      add constraint deposit_failed_has_reason check ((status = ${failed}) = (fail_reason is not null));
    create index deposit_waiting on deposit (chain, block_height) where status = ${waiting};
  `.execute(db);
}
