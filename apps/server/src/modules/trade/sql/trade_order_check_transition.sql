-- version: 1 sha256: 16abca6607d8f69c
-- Refuses any order status change outside the transition table of spec §4 (the same pairs
-- as `trade-states.ts`; a test compares them).
create or replace function trade_order_check_transition() returns trigger language plpgsql as $$
    begin
      if (old.status, new.status) not in (
        ('pendingPayment', 'pendingSettlement'), ('pendingPayment', 'cancelled'),
        ('pendingSettlement', 'inProgress'), ('pendingSettlement', 'completed'), ('pendingSettlement', 'abnormal'),
        ('inProgress', 'completed'), ('inProgress', 'abnormal'),
        ('abnormal', 'inProgress'), ('abnormal', 'refunded'), ('abnormal', 'cancelled')
      ) then
        raise exception 'TRADE_ILLEGAL_TRANSITION % -> %', old.status, new.status using errcode = 'P0001';
      end if;
      return new;
    end $$;
