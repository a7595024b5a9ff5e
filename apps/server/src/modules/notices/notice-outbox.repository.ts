import type { Language } from '@coffer/contract';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { NoticeFacts, NoticeKind, NoticeOutcome } from './notices.schema';

// The only SQL on `notice_outbox`. Each function runs on the executor it is given: the caller's
// transaction for inserts, single statements on the pool for the delivery.

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

/**
 * Leases the oldest due notice for `leaseSeconds`, in one statement: its next attempt moves past
 * the lease, so no other delivery takes it meanwhile, and one that stopped mid-send (a crash) is
 * taken again once the lease ends. The send runs outside any transaction (it reads the
 * recipient and writes the dev outbox through the pool; a transaction holding a pooled
 * connection while asking for another can wait for ever).
 */
export async function claimDueNotice(db: Db, leaseSeconds: number) {
  const result = await sql<{
    id: string;
    user_id: string;
    kind: NoticeKind;
    language: Language | null;
    facts: NoticeFacts;
    created_at: Date;
    attempts: number;
  }>`
    update notice_outbox
       set next_attempt_at = now() + make_interval(secs => ${leaseSeconds})
     where id = (select id from notice_outbox
                  where outcome is null and next_attempt_at <= now()
                  order by next_attempt_at
                  limit 1
                  for update skip locked)
    returning id, user_id, kind, language, facts, created_at, attempts`.execute(db);
  return result.rows[0];
}

export type ClaimedNotice = NonNullable<Awaited<ReturnType<typeof claimDueNotice>>>;

export async function settleNotice(db: Db, id: string, outcome: NoticeOutcome): Promise<void> {
  await db
    .updateTable('notice_outbox')
    .set({ outcome, settled_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('outcome', 'is', null)
    .execute();
}

/** Counts a failed send and puts the notice off by `delaySeconds`. */
export async function postponeNotice(db: Db, id: string, attempts: number, delaySeconds: number): Promise<void> {
  await db
    .updateTable('notice_outbox')
    .set({ attempts, next_attempt_at: sql<Date>`now() + make_interval(secs => ${delaySeconds})` })
    .where('id', '=', id)
    .where('outcome', 'is', null)
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
