-- version: 1 sha256: e1fa14e4bb180b62
-- A custody transfer record is written once and settles once: only a pending record changes,
-- only to its final state (pending credit → credited or failure, pending release → released or
-- failure) with what that state carries; nothing else about it ever changes, and no record is
-- ever deleted.
create or replace function custody_transfer_guard() returns trigger language plpgsql as $$
    begin
      if tg_op = 'DELETE' then
        raise exception 'CUSTODY_TRANSFER_KEPT: transfer record % is never deleted', old.id using errcode = 'P0001';
      end if;
      if not ((old.state = 'pendingCredit' and new.state in ('credited', 'failure'))
           or (old.state = 'pendingRelease' and new.state in ('released', 'failure'))) then
        raise exception 'CUSTODY_TRANSFER_SETTLED: transfer record % cannot go from % to %', old.id, old.state, new.state
          using errcode = 'P0001';
      end if;
      if (new.id, new.org_id, new.account_id, new.business_type, new.asset, new.chain, new.amount, new.fee, new.order_no,
          new.deposit_id, new.move_request_id, new.counterpart_account_id, new.member_id, new.note, new.source, new.txid,
          new.to_address, new.recorded_at)
         is distinct from
         (old.id, old.org_id, old.account_id, old.business_type, old.asset, old.chain, old.amount, old.fee, old.order_no,
          old.deposit_id, old.move_request_id, old.counterpart_account_id, old.member_id, old.note, old.source, old.txid,
          old.to_address, old.recorded_at) then
        raise exception 'CUSTODY_TRANSFER_FIXED: only the state of transfer record % may change', old.id using errcode = 'P0001';
      end if;
      return new;
    end $$;
