-- version: 1 sha256: e79b9002d93f4c59
-- Locks the customer accounts among p_account_ids in id order, the order ledger_post updates
-- them in, so that a caller posting several journals in one transaction (ledger_post_batch,
-- trade's trade_pay_orders) takes every lock first and never waits on another posting in a
-- cycle. House accounts are never locked: their changes wait in ledger_house_pending.
create or replace function ledger_lock_accounts(p_account_ids bigint[]) returns void language plpgsql
set enable_seqscan = off
as $$
    begin
      -- An array probe of the primary key: a join to the legs was planned as a scan.
      perform 1 from ledger_account a
        where a.id = any (p_account_ids)
          and not a.is_house
        order by a.id
        for update;
    end $$;
