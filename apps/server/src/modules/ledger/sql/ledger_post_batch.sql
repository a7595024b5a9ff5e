-- version: 3 sha256: 9b5b93d332471e01
-- Posts several independent journals in one transaction (one round trip, one commit).
-- Every customer account of the batch is locked first, in id order, so batches and single
-- postings never deadlock; each journal then runs in its own subtransaction, so one refused
-- journal (insufficient balance, replay conflict…) leaves the others posted. Its error comes
-- back in the row instead of aborting the batch.
create or replace function ledger_post_batch(p_journals jsonb)
returns table (ordinal integer, journal_id bigint, hold_id bigint, is_replay boolean,
               error_state text, error_constraint text, error_message text)
language plpgsql
set enable_seqscan = off
as $$
    declare
      v_item record;
      v_posted record;
    begin
      perform ledger_lock_accounts(array(select distinct (l ->> 'account_id')::bigint
                                           from jsonb_array_elements(p_journals) j, jsonb_array_elements(j -> 'legs') l));
      for v_item in select j.value as journal, j.ordinality::integer as ordinal
                      from jsonb_array_elements(p_journals) with ordinality j
      loop
        ordinal := v_item.ordinal;
        begin
          select * into v_posted from ledger_post(
            v_item.journal ->> 'key', v_item.journal ->> 'hash', (v_item.journal ->> 'bill_type')::integer,
            v_item.journal ->> 'reference_type', v_item.journal ->> 'reference_id', v_item.journal ->> 'note',
            v_item.journal -> 'legs', case when jsonb_typeof(v_item.journal -> 'hold') = 'object' then v_item.journal -> 'hold' end);
          journal_id := v_posted.journal_id;
          hold_id := v_posted.hold_id;
          is_replay := v_posted.is_replay;
          error_state := null;
          error_constraint := null;
          error_message := null;
        exception when others then
          get stacked diagnostics error_state = returned_sqlstate, error_constraint = constraint_name, error_message = message_text;
          journal_id := null;
          hold_id := null;
          is_replay := null;
        end;
        return next;
      end loop;
    end $$;
