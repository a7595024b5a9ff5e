import { type Kysely, sql } from 'kysely';
import { sqlFunction } from '../../platform/db/sql-function';

const functions = new URL('./sql/', import.meta.url);

/**
 * The audit log: one row per privileged action, append-only and hash-chained (`audit-hash.ts`).
 * The database refuses any change or removal, and any row that does not continue the chain.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table audit_log (
      seq bigint primary key check (seq >= 1),
      created_at timestamptz not null default clock_timestamp(),
      actor_kind text not null check (actor_kind in ('operator', 'customer', 'system')),
      actor_id text not null check (length(actor_id) between 1 and 200),
      actor_name text check (length(actor_name) <= 200),
      action text not null check (length(action) <= 100 and action ~ '^[A-Za-z][A-Za-z0-9_-]*([.][A-Za-z0-9_-]+)*$'),
      subject_kind text check (length(subject_kind) between 1 and 100),
      subject_id text check (length(subject_id) between 1 and 200),
      ip text check (length(ip) <= 100),
      user_agent text check (length(user_agent) <= 512),
      before jsonb,
      after jsonb,
      reason text check (length(reason) <= 4000),
      prev_hash bytea not null check (length(prev_hash) = 32),
      hash bytea not null check (length(hash) = 32),
      check ((subject_kind is null) = (subject_id is null))
    );
    create index audit_log_created_at on audit_log (created_at);
    create index audit_log_actor on audit_log (actor_id, seq desc);
    create index audit_log_action on audit_log (action, seq desc);
    create index audit_log_subject on audit_log (subject_kind, subject_id, seq desc) where subject_kind is not null;

    ${sqlFunction(functions, 'audit_log_append_only', 1)}
    create trigger audit_log_no_change before update or delete on audit_log
      for each statement execute function audit_log_append_only();
    create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_append_only();

    ${sqlFunction(functions, 'audit_log_check_append', 1)}
    create trigger audit_log_chain_link before insert on audit_log
      for each row execute function audit_log_check_append();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table audit_log;
    drop function audit_log_check_append();
    drop function audit_log_append_only();
  `.execute(db);
}
