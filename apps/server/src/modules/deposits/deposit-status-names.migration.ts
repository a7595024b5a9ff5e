import { type Kysely, sql } from 'kysely';

/**
 * `deposit.status` as camelCase text, as `trade_order.status` has it: the smallint codes of
 * spec §4 (1 credited, 2 failed, 3 waiting) become `credited`, `failed` and `waiting`. The API
 * still answers the codes (`deposit-statuses.ts` maps both ways). The column's CHECK, the two
 * CHECKs that tie a status to its journal or reason, and the waiting index's predicate name
 * the codes, so they are dropped before the column changes type and rebuilt on the names.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table deposit
      drop constraint deposit_status_check,
      drop constraint deposit_credited_has_journal,
      drop constraint deposit_failed_has_reason;
    drop index deposit_waiting;
    alter table deposit
      alter column status type text using (case status when 1 then 'credited' when 2 then 'failed' when 3 then 'waiting' end),
      add constraint deposit_status_check check (status in ('credited', 'failed', 'waiting')),
      add constraint deposit_credited_has_journal check ((status = 'credited') = (journal_id is not null)),
      add constraint deposit_failed_has_reason check ((status = 'failed') = (fail_reason is not null));
    create index deposit_waiting on deposit (chain, block_height) where status = 'waiting';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table deposit
      drop constraint deposit_status_check,
      drop constraint deposit_credited_has_journal,
      drop constraint deposit_failed_has_reason;
    drop index deposit_waiting;
    alter table deposit
      alter column status type smallint using (case status when 'credited' then 1 when 'failed' then 2 when 'waiting' then 3 end),
      add constraint deposit_status_check check (status in (1, 2, 3)),
      add constraint deposit_credited_has_journal check ((status = 1) = (journal_id is not null)),
      add constraint deposit_failed_has_reason check ((status = 2) = (fail_reason is not null));
    create index deposit_waiting on deposit (chain, block_height) where status = 3;
  `.execute(db);
}
