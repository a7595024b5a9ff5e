import type { Language } from '@coffer/contract';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { NoticeFacts, NoticeKind, NoticeOutcome } from './notices.schema';

// The only SQL on `notice_outbox`. Each function runs on the executor it is given: the caller's
// transaction for inserts, the delivery's own transaction for the rest.

export interface NoticeRow {
  notice_key: string;
  user_id: string;
  kind: NoticeKind;
  language: Language | null;
  facts: NoticeFacts;
}

/** Inserts the notices; a key already queued is left as it is (the event was queued before). */
export async function insertNotices(executor: Db, rows: readonly NoticeRow[]): Promise<void> {
  if (rows.length === 0) return;
  await executor
    .insertInto('notice_outbox')
    .values(rows.map((row) => ({ ...row, facts: JSON.stringify(row.facts) })))
    .onConflict((conflict) => conflict.column('notice_key').doNothing())
    .execute();
}

/** The oldest due notice, locked until the transaction ends; one another transaction holds is skipped. */
export function claimDueNotice(trx: Db) {
  return trx
    .selectFrom('notice_outbox')
    .select(['id', 'user_id', 'kind', 'language', 'facts', 'created_at', 'attempts'])
    .where('outcome', 'is', null)
    .where('next_attempt_at', '<=', sql<Date>`now()`)
    .orderBy('next_attempt_at')
    .limit(1)
    .forUpdate()
    .skipLocked()
    .executeTakeFirst();
}

export type ClaimedNotice = NonNullable<Awaited<ReturnType<typeof claimDueNotice>>>;

export async function settleNotice(trx: Db, id: string, outcome: NoticeOutcome): Promise<void> {
  await trx
    .updateTable('notice_outbox')
    .set({ outcome, settled_at: sql<Date>`now()` })
    .where('id', '=', id)
    .execute();
}

/** Counts a failed send and puts the notice off by `delaySeconds`. */
export async function postponeNotice(trx: Db, id: string, attempts: number, delaySeconds: number): Promise<void> {
  await trx
    .updateTable('notice_outbox')
    .set({ attempts, next_attempt_at: sql<Date>`now() + make_interval(secs => ${delaySeconds})` })
    .where('id', '=', id)
    .execute();
}

/** Deletes up to `limit` notices settled more than `days` ago; how many. */
export async function purgeSettledNotices(db: Db, days: number, limit: number): Promise<number> {
  const result = await sql`
    delete from notice_outbox
     where id in (select id from notice_outbox
                   where outcome is not null and settled_at < now() - make_interval(days => ${days})
                   limit ${limit})`.execute(db);
  return Number(result.numAffectedRows ?? 0n);
}
