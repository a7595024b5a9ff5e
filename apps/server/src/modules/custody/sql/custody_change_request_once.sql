-- version: 1 sha256: 2fd1487a9fca5eff
-- A change request (issue 18 item 6) leaves pending once: applied, rejected or found stale, and
-- never changes state again.
create or replace function custody_change_request_once() returns trigger language plpgsql as $$
    begin
      if old.state <> 'pending' then
        raise exception 'CUSTODY_CHANGE_STATE: change request % is already %', old.id, old.state
          using errcode = 'P0001';
      end if;
      return new;
    end $$;
