-- version: 2 sha256: f7131d5970af1724
-- Posts one journal in one call (one round trip). Legs: [{account_id, bucket, amount}], one
-- per account and bucket. A replay of the key with the same request hash returns the first
-- journal and changes nothing; with another hash it is refused. `p_hold` creates a hold
-- ({create: {account_id, amount}}) or resolves one ({resolve: {hold_id, status, amount}}).
-- All of a journal's accounts are found in one query, and its entries and the house
-- accounts' waiting changes are written in one statement. Raises LEDGER_* (P0001) on a
-- broken rule; a short balance is a CHECK violation of ledger_account_*.
create or replace function ledger_post(
  p_idempotency_key text,
  p_request_hash text,
  p_bill_type integer,
  p_reference_type text,
  p_reference_id text,
  p_note text,
  p_legs jsonb,
  p_hold jsonb default null
) returns table (journal_id bigint, hold_id bigint, is_replay boolean)
language plpgsql
set enable_seqscan = off
as $$
    declare
      v_journal bigint;
      v_existing_hash text;
      v_hold bigint;
      v_leg record;
      v_available numeric;
      v_frozen numeric;
      v_ids bigint[] := '{}';
      v_assets text[] := '{}';
      v_availables numeric[] := '{}';
      v_frozens numeric[] := '{}';
      v_is_house boolean[] := '{}';
      v_d_availables numeric[] := '{}';
      v_d_frozens numeric[] := '{}';
    begin
      insert into journal (idempotency_key, request_hash, bill_type, reference_type, reference_id, note)
        values (p_idempotency_key, p_request_hash, p_bill_type, p_reference_type, p_reference_id, coalesce(p_note, ''))
        on conflict on constraint journal_idempotency_key_unique do nothing
        returning id into v_journal;
      if v_journal is null then
        select j.id, j.request_hash into v_journal, v_existing_hash from journal j where j.idempotency_key = p_idempotency_key;
        if v_existing_hash <> p_request_hash then
          raise exception 'LEDGER_IDEMPOTENCY_CONFLICT' using errcode = 'P0001';
        end if;
        select h.id into v_hold from ledger_hold h where h.hold_journal_id = v_journal or h.resolve_journal_id = v_journal limit 1;
        return query select v_journal, v_hold, true;
        return;
      end if;

      -- A hold resolves once: check it before touching any balance.
      if p_hold ? 'resolve' then
        update ledger_hold h
           set status = p_hold -> 'resolve' ->> 'status', resolve_journal_id = v_journal, resolved_at = now()
         where h.id = (p_hold -> 'resolve' ->> 'hold_id')::bigint
           and h.status = 'pending'
           and h.amount = (p_hold -> 'resolve' ->> 'amount')::numeric
        returning h.id into v_hold;
        if v_hold is null then
          raise exception 'LEDGER_HOLD_NOT_PENDING' using errcode = 'P0001';
        end if;
      end if;

      -- Every account of the journal, found once. Asset and house flag never change (0003's
      -- trigger), so they are read without a lock; customer rows are locked by their update,
      -- in id order, so concurrent postings never deadlock.
      for v_leg in
        select g.account_id, g.d_available, g.d_frozen, a.asset, a.is_house
          from (select (l ->> 'account_id')::bigint as account_id,
                       sum(case when l ->> 'bucket' = 'available' then (l ->> 'amount')::numeric else 0 end) as d_available,
                       sum(case when l ->> 'bucket' = 'frozen' then (l ->> 'amount')::numeric else 0 end) as d_frozen
                  from jsonb_array_elements(p_legs) l
                 group by 1) g
          left join lateral (select a.asset, a.is_house from ledger_account a where a.id = g.account_id limit 1) a on true
         order by g.account_id
      loop
        if v_leg.asset is null then
          raise exception 'LEDGER_NO_ACCOUNT %', v_leg.account_id using errcode = 'P0001';
        end if;
        if v_leg.is_house then
          v_available := null;
          v_frozen := null;
        else
          update ledger_account a
             set available = a.available + v_leg.d_available, frozen = a.frozen + v_leg.d_frozen
           where a.id = v_leg.account_id
          returning a.available, a.frozen into v_available, v_frozen;
          if not found then
            raise exception 'LEDGER_NO_ACCOUNT %', v_leg.account_id using errcode = 'P0001';
          end if;
        end if;
        v_ids := v_ids || v_leg.account_id;
        v_assets := v_assets || v_leg.asset;
        v_availables := v_availables || v_available;
        v_frozens := v_frozens || v_frozen;
        v_is_house := v_is_house || v_leg.is_house;
        v_d_availables := v_d_availables || v_leg.d_available;
        v_d_frozens := v_d_frozens || v_leg.d_frozen;
      end loop;

      -- The entries, with the balances each customer account reached (no second lookup), and
      -- the house accounts' changes waiting to be folded in: one statement.
      with accounts as (
        select * from unnest(v_ids, v_assets, v_availables, v_frozens, v_is_house, v_d_availables, v_d_frozens)
          as u (id, asset, available, frozen, is_house, d_available, d_frozen)
      ), house as (
        insert into ledger_house_pending (account_id, bucket, amount)
          select u.id, b.bucket, b.amount
            from accounts u
            cross join lateral (values ('available', u.d_available), ('frozen', u.d_frozen)) as b (bucket, amount)
           where u.is_house and b.amount <> 0
      )
      insert into entry (journal_id, account_id, asset, bucket, amount, balance_after)
        select v_journal, u.id, u.asset, l ->> 'bucket', (l ->> 'amount')::numeric,
               case when u.is_house then null
                    when l ->> 'bucket' = 'available' then u.available else u.frozen end
          from jsonb_array_elements(p_legs) l
          join accounts u on u.id = (l ->> 'account_id')::bigint;

      if p_hold ? 'create' then
        insert into ledger_hold (account_id, amount, hold_journal_id)
          values ((p_hold -> 'create' ->> 'account_id')::bigint, (p_hold -> 'create' ->> 'amount')::numeric, v_journal)
          returning id into v_hold;
      end if;

      return query select v_journal, v_hold, false;
    end $$;
