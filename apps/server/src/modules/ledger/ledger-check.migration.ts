import { type Kysely, sql } from 'kysely';

/**
 * Postings slowed down as the ledger grew: the balance trigger joined `entry` and
 * `ledger_account` to its transition table (no statistics, so hash joins over whole tables),
 * and `ledger_post` joined its legs to `ledger_account` the same way. Now the sums come from
 * the inserted rows alone and every account is looked up by its key (ledger.md: plans that
 * scan grow with the data).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create or replace function ledger_check_entries() returns trigger language plpgsql as $$
    declare
      v_problem record;
      v_journal bigint;
    begin
      select i.journal_id, i.asset, sum(i.amount) as total into v_problem
        from inserted i
        group by i.journal_id, i.asset
        having sum(i.amount) <> 0
        limit 1;
      if found then
        raise exception 'LEDGER_UNBALANCED journal % asset % is off by %', v_problem.journal_id, v_problem.asset, v_problem.total
          using errcode = 'P0001';
      end if;
      for v_journal in select distinct journal_id from inserted loop
        perform 1 from entry e
          where e.journal_id = v_journal
            and e.id < (select min(i.id) from inserted i where i.journal_id = v_journal)
          limit 1;
        if found then
          raise exception 'LEDGER_UNBALANCED journal % already has its legs; post a new journal', v_journal
            using errcode = 'P0001';
        end if;
      end loop;
      perform 1 from inserted i
        cross join lateral (select la.asset from ledger_account la where la.id = i.account_id limit 1) a
        where a.asset <> i.asset;
      if found then
        raise exception 'LEDGER_ASSET_MISMATCH' using errcode = 'P0001';
      end if;
      return null;
    end $$;

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
    language plpgsql as $$
    declare
      v_journal bigint;
      v_existing_hash text;
      v_hold bigint;
      v_leg record;
      v_changed integer;
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

      -- Accounts in id order, so concurrent postings lock them in one order and never deadlock.
      for v_leg in
        select (l ->> 'account_id')::bigint as account_id,
               sum(case when l ->> 'bucket' = 'available' then (l ->> 'amount')::numeric else 0 end) as d_available,
               sum(case when l ->> 'bucket' = 'frozen' then (l ->> 'amount')::numeric else 0 end) as d_frozen
          from jsonb_array_elements(p_legs) l
          group by 1
          order by 1
      loop
        update ledger_account a
           set available = a.available + v_leg.d_available, frozen = a.frozen + v_leg.d_frozen
         where a.id = v_leg.account_id and not a.is_house;
        get diagnostics v_changed = row_count;
        if v_changed = 0 then
          insert into ledger_house_pending (account_id, bucket, amount)
            select a.id, b.bucket, b.amount
              from ledger_account a
              cross join lateral (values ('available', v_leg.d_available), ('frozen', v_leg.d_frozen)) as b (bucket, amount)
             where a.id = v_leg.account_id and a.is_house and b.amount <> 0;
          get diagnostics v_changed = row_count;
          if v_changed = 0 and (v_leg.d_available <> 0 or v_leg.d_frozen <> 0) then
            raise exception 'LEDGER_NO_ACCOUNT %', v_leg.account_id using errcode = 'P0001';
          end if;
        end if;
      end loop;

      -- Each leg's account by its primary key (a lateral lookup): a join here was planned as a
      -- scan of every account, so postings slowed down as customers were added.
      insert into entry (journal_id, account_id, asset, bucket, amount, balance_after)
        select v_journal, a.id, a.asset, l ->> 'bucket', (l ->> 'amount')::numeric,
               case when a.is_house then null
                    when l ->> 'bucket' = 'available' then a.available else a.frozen end
          from jsonb_array_elements(p_legs) l
          cross join lateral (
            select * from ledger_account la where la.id = (l ->> 'account_id')::bigint limit 1
          ) a;

      if p_hold ? 'create' then
        insert into ledger_hold (account_id, amount, hold_journal_id)
          values ((p_hold -> 'create' ->> 'account_id')::bigint, (p_hold -> 'create' ->> 'amount')::numeric, v_journal)
          returning id into v_hold;
      end if;

      return query select v_journal, v_hold, false;
    end $$;
  `.execute(db);
}

export async function down(): Promise<void> {
  // The previous body is in 0003-ledger; there is nothing to undo that a forward fix would not redo.
}
