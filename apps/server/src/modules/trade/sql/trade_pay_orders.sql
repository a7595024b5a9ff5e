-- version: 2 sha256: 3c847d07522e6b98
-- Pays several spot orders in one round trip and one commit (group commit of pays): each
-- order goes through trade_pay_order exactly as if alone and answers its own outcome row. The
-- customer accounts of every order are locked first, through the ledger, in id order, so two
-- batches (or a batch and a single pay) never wait on each other in a cycle. There is no
-- subtransaction per order: a batch that raises (a short balance) is undone whole and its
-- orders are paid again one by one by the caller, so one bad order fails alone.
-- Orders: [{order_id, user_id, now, key, hash, bill_type, legs}], `now` being the instant the
-- customer paid (each order's expiry is judged by its own).
create or replace function trade_pay_orders(p_orders jsonb)
returns table (ordinal integer, outcome text, status text, status_reason text, paid_at timestamptz,
               completed_at timestamptz, cancelled_at timestamptz, journal_id bigint)
language plpgsql
set enable_seqscan = off
as $$
    declare
      v_item record;
    begin
      perform ledger_lock_accounts(array(select distinct (l ->> 'account_id')::bigint
                                           from jsonb_array_elements(p_orders) o, jsonb_array_elements(o -> 'legs') l));
      for v_item in select o.value as item, o.ordinality::integer as n from jsonb_array_elements(p_orders) with ordinality o
      loop
        return query
          select v_item.n, p.outcome, p.status, p.status_reason, p.paid_at, p.completed_at, p.cancelled_at, p.journal_id
            from trade_pay_order((v_item.item ->> 'order_id')::bigint, (v_item.item ->> 'user_id')::bigint, (v_item.item ->> 'now')::timestamptz,
                                 v_item.item ->> 'key', v_item.item ->> 'hash', (v_item.item ->> 'bill_type')::integer,
                                 v_item.item -> 'legs') p;
      end loop;
    end $$;
