-- version: 1 sha256: 41d0f7784c801985
-- The audit log is append-only: every UPDATE, DELETE or TRUNCATE is refused, whoever runs it
-- (statement-level triggers, so even a statement matching no row is refused).
create or replace function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'AUDIT_APPEND_ONLY: % on % is not allowed; the audit log is append-only', tg_op, tg_table_name
        using errcode = 'P0001';
    end $$;
