-- version: 2 sha256: 7e2a0af519a351a4
-- A custody transfer record is written once and settles once: only a pending record changes,
-- only to its final state (pending credit → credited or failure, pending release → released or
-- failure) with what that state carries (fail reason, journal, balance after, completion time);
-- every other column, present or added later (the mining-pool partner it names), never changes,
-- and no record is ever deleted.
create or replace function custody_transfer_guard() returns trigger language plpgsql as $$
    declare
      settling constant text[] := array['state', 'fail_reason', 'journal_id', 'balance_after', 'completed_at'];
    begin
      if tg_op = 'DELETE' then
        raise exception 'CUSTODY_TRANSFER_KEPT: transfer record % is never deleted', old.id using errcode = 'P0001';
      end if;
      if not ((old.state = 'pendingCredit' and new.state in ('credited', 'failure'))
           or (old.state = 'pendingRelease' and new.state in ('released', 'failure'))) then
        raise exception 'CUSTODY_TRANSFER_SETTLED: transfer record % cannot go from % to %', old.id, old.state, new.state
          using errcode = 'P0001';
      end if;
      if (to_jsonb(new) - settling) is distinct from (to_jsonb(old) - settling) then
        raise exception 'CUSTODY_TRANSFER_FIXED: only the state of transfer record % may change', old.id using errcode = 'P0001';
      end if;
      return new;
    end $$;
