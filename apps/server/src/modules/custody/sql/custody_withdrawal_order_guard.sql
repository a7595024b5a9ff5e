-- version: 1 sha256: fac98dc336efa7f7
-- A withdrawal order moves only forward through the states of spec §4: under review (pending
-- review, reviewing) to sending (its quorum reached) or rejected; sending to approved (transfer
-- success) or transfer failed. A decided order never reopens, and a final one never changes
-- state again.
create or replace function custody_withdrawal_order_guard() returns trigger language plpgsql as $$
    begin
      if new.state is distinct from old.state and not (
           (old.state in ('pending_review', 'reviewing') and new.state in ('reviewing', 'sending', 'rejected'))
        or (old.state = 'sending' and new.state in ('approved', 'transfer_failed'))) then
        raise exception 'CUSTODY_ORDER_STATE: withdrawal order % cannot go from % to %', old.id, old.state, new.state
          using errcode = 'P0001';
      end if;
      return new;
    end $$;
