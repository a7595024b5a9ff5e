-- version: 2 sha256: eb57a88a9678fb1d
-- The statement trigger on `entry`: every journal balances per asset, its legs come in one
-- statement, and every entry is in an existing journal and in its account's asset.
create or replace function ledger_check_entries() returns trigger language plpgsql
-- Every lookup here is by key; a plan cached while journal or ledger_account was small was a
-- scan of the whole table, kept as the table grew.
set enable_seqscan = off
as $$
    declare
      v_problem text;
    begin
      -- One query: the first problem found, in this order (coalesce stops at the first). The
      -- lookups are lateral with a limit so that each is an index probe per journal or entry:
      -- the transition table has no statistics, and as a join or hashed subplan they were
      -- planned as scans of the whole table.
      select coalesce(
        (select format('LEDGER_UNBALANCED journal %s asset %s is off by %s', i.journal_id, i.asset, sum(i.amount))
           from inserted i
          group by i.journal_id, i.asset
         having sum(i.amount) <> 0
          limit 1),
        (select case when posted.id is null
                     then format('LEDGER_NO_JOURNAL journal %s does not exist', f.journal_id)
                     else format('LEDGER_UNBALANCED journal %s already has its legs; post a new journal', f.journal_id) end
           from (select i.journal_id, min(i.id) as first_id from inserted i group by i.journal_id) f
           left join lateral (select j.id from journal j where j.id = f.journal_id limit 1) posted on true
           left join lateral (select e.id from entry e where e.journal_id = f.journal_id and e.id < f.first_id limit 1) earlier on true
          where posted.id is null or earlier.id is not null
          limit 1),
        (select 'LEDGER_ASSET_MISMATCH: an entry names an unknown account or another asset than its account''s'
           from inserted i
           left join lateral (select a.id from ledger_account a where a.id = i.account_id and a.asset = i.asset limit 1) account on true
          where account.id is null
          limit 1)
      ) into v_problem;
      if v_problem is not null then
        raise exception '%', v_problem using errcode = 'P0001';
      end if;
      return null;
    end $$;
