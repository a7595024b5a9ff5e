-- version: 2 sha256: 890ebd081011ca46
-- Pays a spot order in one round trip: claims it (a conditional update on owner, status and
-- the server's expiry: the row lock serialises concurrent pays), posts the settlement through
-- the ledger's ledger_post, completes the order, and answers the outcome, all in the caller's
-- transaction: the order's state and the ledger never disagree, and any error (a short
-- balance, a broken invariant) undoes all of it.
-- Outcomes: 'settled' (this call moved the money), 'expired' (found pending past its expiry
-- and cancelled, reason quoteExpired), 'unchanged' (not payable: the row tells its state),
-- 'notFound' (no such order of this customer).
create or replace function trade_pay_order(
  p_order_id bigint,
  p_user_id bigint,
  p_now timestamptz,
  p_idempotency_key text,
  p_request_hash text,
  p_bill_type integer,
  p_legs jsonb
) returns table (outcome text, status text, status_reason text, paid_at timestamptz, completed_at timestamptz,
                 cancelled_at timestamptz, journal_id bigint)
language plpgsql
set enable_seqscan = off
as $$
    declare
      v_order trade_order%rowtype;
      v_journal bigint;
    begin
      update trade_order o set status = 'pendingSettlement', paid_at = p_now, updated_at = p_now
       where o.id = p_order_id and o.user_id = p_user_id and o.status = 'pendingPayment' and o.expires_at > p_now
      returning o.* into v_order;
      if found then
        select l.journal_id into v_journal
          from ledger_post(p_idempotency_key, p_request_hash, p_bill_type, 'trade_order', p_order_id::text, '', p_legs) l;
        update trade_order o set status = 'completed', completed_at = p_now, updated_at = p_now
         where o.id = p_order_id
        returning o.* into v_order;
        return query select 'settled'::text, v_order.status, v_order.status_reason, v_order.paid_at, v_order.completed_at,
                            v_order.cancelled_at, v_journal;
        return;
      end if;

      -- Not claimed. A pending order past its expiry (by this clock) is cancelled here.
      update trade_order o set status = 'cancelled', status_reason = 'quoteExpired', cancelled_at = p_now, updated_at = p_now
       where o.id = p_order_id and o.user_id = p_user_id and o.status = 'pendingPayment' and o.expires_at <= p_now
      returning o.* into v_order;
      if found then
        return query select 'expired'::text, v_order.status, v_order.status_reason, v_order.paid_at, v_order.completed_at,
                            v_order.cancelled_at, null::bigint;
        return;
      end if;

      select o.* into v_order from trade_order o where o.id = p_order_id and o.user_id = p_user_id;
      if not found then
        return query select 'notFound'::text, null::text, null::text, null::timestamptz, null::timestamptz, null::timestamptz, null::bigint;
        return;
      end if;
      return query select 'unchanged'::text, v_order.status, v_order.status_reason, v_order.paid_at, v_order.completed_at,
                          v_order.cancelled_at, null::bigint;
    end $$;
