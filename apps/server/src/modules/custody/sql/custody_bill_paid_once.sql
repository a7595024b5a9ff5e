-- version: 1 sha256: eae3d81a6e2805c8
-- A custody bill is paid once (issue 18 item 10): a paid bill never changes again, and an
-- unpaid one keeps its period and figures; only the payment's columns are written, once.
create or replace function custody_bill_paid_once() returns trigger language plpgsql as $$
    begin
      if old.state = 'paid' then
        raise exception 'CUSTODY_BILL_PAID: custody bill % is paid and never changes', old.id using errcode = 'P0001';
      end if;
      if tg_op = 'DELETE' then
        raise exception 'CUSTODY_BILL_KEPT: custody bill % is never deleted', old.id using errcode = 'P0001';
      end if;
      if (new.org_id, new.period, new.market_value_cents, new.annual_rate, new.hosting_fee_cents, new.minimum_cents,
          new.reference_fee_cents, new.final_cost_cents)
         is distinct from (old.org_id, old.period, old.market_value_cents, old.annual_rate, old.hosting_fee_cents, old.minimum_cents,
          old.reference_fee_cents, old.final_cost_cents) then
        raise exception 'CUSTODY_BILL_FIGURES: custody bill % keeps its figures', old.id using errcode = 'P0001';
      end if;
      return new;
    end $$;
