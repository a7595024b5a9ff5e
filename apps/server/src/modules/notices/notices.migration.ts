import { type Kysely, sql } from 'kysely';

/**
 * The notice outbox (issue 16, set-preferences): a login, deposit or withdrawal notice is a row
 * written in the transaction of the event it reports, so it exists exactly when the event
 * committed. `notice_key` (`<kind>:<event id>`) is unique: an event queued twice is one notice.
 * The delivery loop takes due rows one at a time (`for update skip locked`), sends, and settles
 * the row in the same transaction (`outcome`); a failed send is retried later (`attempts`,
 * `next_attempt_at`). `facts` are the event's, `language` the request's (null: none), used when
 * the customer chose no language. Settled rows are purged after 30 days.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table notice_outbox (
      id bigint generated always as identity primary key,
      notice_key text not null unique check (length(notice_key) between 1 and 200),
      user_id bigint not null references app_user (id),
      kind text not null check (kind in ('login', 'deposit', 'withdrawal')),
      language text check (language in ('en', 'zh-CN', 'zh-TW', 'ru')),
      facts jsonb not null,
      created_at timestamptz not null default now(),
      attempts integer not null default 0 check (attempts >= 0),
      next_attempt_at timestamptz not null default now(),
      outcome text check (outcome in ('sent', 'skipped', 'abandoned')),
      settled_at timestamptz,
      constraint notice_outbox_settled check ((outcome is null) = (settled_at is null))
    );
    create index notice_outbox_due on notice_outbox (next_attempt_at) where outcome is null;
    create index notice_outbox_settled_at on notice_outbox (settled_at) where outcome is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table notice_outbox`.execute(db);
}
