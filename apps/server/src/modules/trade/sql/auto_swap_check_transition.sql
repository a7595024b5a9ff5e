-- version: 1 sha256: c998d000c5540f41
-- Refuses any auto-swap status change outside its transition table (spec §4).
create or replace function auto_swap_check_transition() returns trigger language plpgsql as $$
    begin
      if (old.status, new.status) not in (
        ('accepted', 'processing'), ('accepted', 'cancelled'), ('accepted', 'rejected'),
        ('processing', 'accepted'), ('processing', 'settling'), ('processing', 'cancelled'), ('processing', 'rejected'),
        ('settling', 'completed'), ('settling', 'unsettle')
      ) then
        raise exception 'TRADE_ILLEGAL_TRANSITION % -> %', old.status, new.status using errcode = 'P0001';
      end if;
      return new;
    end $$;
