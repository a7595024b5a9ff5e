-- version: 1 sha256: d76151e97122f6a7
-- Folds the house accounts' waiting changes (ledger_house_pending) into their balances.
create or replace function ledger_fold_house() returns integer language plpgsql as $$
    declare
      v_count integer;
    begin
      with drained as (
        delete from ledger_house_pending returning account_id, bucket, amount
      ), sums as (
        select account_id,
               coalesce(sum(amount) filter (where bucket = 'available'), 0) as d_available,
               coalesce(sum(amount) filter (where bucket = 'frozen'), 0) as d_frozen,
               count(*) as n
          from drained group by account_id
      ), applied as (
        update ledger_account a
           set available = a.available + s.d_available, frozen = a.frozen + s.d_frozen
          from sums s where a.id = s.account_id
        returning s.n
      )
      select coalesce(sum(n), 0) into v_count from applied;
      return v_count;
    end $$;
