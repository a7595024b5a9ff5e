-- version: 1 sha256: a4107d88c4cabffa
-- Journals, entries and an account's identity never change: every update, delete or truncate
-- is refused (post a correcting journal instead).
create or replace function ledger_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'LEDGER_APPEND_ONLY: % on % is not allowed; post a correcting journal', tg_op, tg_table_name
        using errcode = 'P0001';
    end $$;
