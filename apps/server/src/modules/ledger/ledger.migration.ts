import { type Kysely, sql } from 'kysely';

/**
 * The double-entry ledger. PostgreSQL itself enforces the invariants (ledger.md):
 * - every journal's entries sum to zero per asset (statement trigger over the inserted rows);
 * - a customer's available and frozen balances never go below zero (CHECK constraints);
 * - an idempotency key posts once; journals and entries are append-only (triggers);
 * - a hold resolves once (the resolving UPDATE must touch exactly one pending row).
 * Amounts are integers of the asset's smallest unit in numeric(38,0).
 * House accounts (fees, omnibus, desk…) are not updated inside customer postings: their
 * changes wait in `ledger_house_pending` and a job folds them in, so no hot row serialises
 * every transfer.
 */
/** `ledger_check_entries` as 0003 made it (0014 replaces it; its `down` restores this). */
export const checkEntriesV1 = `
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
      -- One pass over the inserted rows (a loop with a lookup per journal grew with the square
      -- of a bulk insert's size).
      select f.journal_id into v_journal
        from (select i.journal_id, min(i.id) as first_id from inserted i group by i.journal_id) f
        where exists (select 1 from entry e where e.journal_id = f.journal_id and e.id < f.first_id)
        limit 1;
      if found then
        raise exception 'LEDGER_UNBALANCED journal % already has its legs; post a new journal', v_journal
          using errcode = 'P0001';
      end if;
      perform 1 from inserted i
        where not exists (select 1 from ledger_account a where a.id = i.account_id and a.asset = i.asset)
        limit 1;
      if found then
        raise exception 'LEDGER_ASSET_MISMATCH: an entry names an unknown account or another asset than its account''s'
          using errcode = 'P0001';
      end if;
      return null;
    end $$;
`;

/** `ledger_post` as 0003 made it (0014 replaces it; its `down` restores this). */
export const ledgerPostV1 = `
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
      v_asset text;
      v_available numeric;
      v_frozen numeric;
      v_ids bigint[] := '{}';
      v_assets text[] := '{}';
      v_availables numeric[] := '{}';
      v_frozens numeric[] := '{}';
      v_is_house boolean[] := '{}';
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
         where a.id = v_leg.account_id and not a.is_house
        returning a.asset, a.available, a.frozen into v_asset, v_available, v_frozen;
        if found then
          v_is_house := v_is_house || false;
        else
          select a.asset into v_asset from ledger_account a where a.id = v_leg.account_id and a.is_house;
          if not found then
            raise exception 'LEDGER_NO_ACCOUNT %', v_leg.account_id using errcode = 'P0001';
          end if;
          insert into ledger_house_pending (account_id, bucket, amount)
            select v_leg.account_id, b.bucket, b.amount
              from (values ('available', v_leg.d_available), ('frozen', v_leg.d_frozen)) as b (bucket, amount)
             where b.amount <> 0;
          v_available := null;
          v_frozen := null;
          v_is_house := v_is_house || true;
        end if;
        v_ids := v_ids || v_leg.account_id;
        v_assets := v_assets || v_asset;
        v_availables := v_availables || v_available;
        v_frozens := v_frozens || v_frozen;
      end loop;

      -- The balances each account reached come from the updates above: no second lookup.
      insert into entry (journal_id, account_id, asset, bucket, amount, balance_after)
        select v_journal, u.id, u.asset, l ->> 'bucket', (l ->> 'amount')::numeric,
               case when u.is_house then null
                    when l ->> 'bucket' = 'available' then u.available else u.frozen end
          from jsonb_array_elements(p_legs) l
          join unnest(v_ids, v_assets, v_availables, v_frozens, v_is_house) as u (id, asset, available, frozen, is_house)
            on u.id = (l ->> 'account_id')::bigint;

      if p_hold ? 'create' then
        insert into ledger_hold (account_id, amount, hold_journal_id)
          values ((p_hold -> 'create' ->> 'account_id')::bigint, (p_hold -> 'create' ->> 'amount')::numeric, v_journal)
          returning id into v_hold;
      end if;

      return query select v_journal, v_hold, false;
    end $$;
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table asset (
      code text primary key check (code ~ '^[A-Z0-9]{2,10}$'),
      name text not null,
      scale smallint not null check (scale between 0 and 18),
      display_precision smallint not null check (display_precision between 0 and 18),
      icon text not null,
      sort_order integer not null,
      reference_usd_price numeric(38, 18) not null check (reference_usd_price >= 0),
      is_enabled boolean not null default true
    );

    create table asset_chain (
      asset text not null references asset (code),
      chain text not null,
      token_standard text not null,
      contract_address text,
      confirmations_to_credit integer not null check (confirmations_to_credit > 0),
      confirmations_to_withdraw integer not null check (confirmations_to_withdraw > 0),
      min_deposit numeric(38, 0) not null check (min_deposit >= 0),
      min_withdrawal numeric(38, 0) not null check (min_withdrawal >= 0),
      withdrawal_fee numeric(38, 0) not null check (withdrawal_fee >= 0),
      is_deposit_enabled boolean not null default true,
      is_withdrawal_enabled boolean not null default true,
      primary key (asset, chain)
    );

    insert into asset (code, name, scale, display_precision, icon, sort_order, reference_usd_price) values
      ('BTC', 'Bitcoin', 8, 8, 'btc', 1, 97000),
      ('ETH', 'Ethereum', 18, 8, 'eth', 2, 3600),
      ('USDT', 'Tether USD', 6, 2, 'usdt', 3, 1),
      ('USDC', 'USD Coin', 6, 2, 'usdc', 4, 1),
      ('XRP', 'XRP', 6, 4, 'xrp', 5, 2.4);

    insert into asset_chain (asset, chain, token_standard, confirmations_to_credit, confirmations_to_withdraw,
                             min_deposit, min_withdrawal, withdrawal_fee) values
      ('BTC', 'bitcoin', 'native', 1, 6, 50000, 100000, 20000),
      ('ETH', 'ethereum', 'native', 12, 12, 1000000000000000, 5000000000000000, 1000000000000000),
      ('USDT', 'ethereum', 'erc20', 12, 12, 1000000, 10000000, 2000000),
      ('USDC', 'ethereum', 'erc20', 12, 12, 1000000, 10000000, 2000000),
      ('XRP', 'xrpl', 'native', 1, 1, 1000000, 20000000, 250000);

    create table ledger_account (
      id bigint generated always as identity primary key,
      owner_type text not null check (owner_type in ('customer', 'platform')),
      owner_ref text not null,
      asset text not null references asset (code),
      purpose text not null,
      available numeric(38, 0) not null default 0,
      frozen numeric(38, 0) not null default 0,
      allow_negative boolean not null default false,
      is_house boolean not null default false,
      created_at timestamptz not null default now(),
      unique (owner_type, owner_ref, asset, purpose),
      constraint ledger_account_customer_never_negative check (owner_type = 'platform' or not allow_negative),
      constraint ledger_account_available_non_negative check (available >= 0 or allow_negative),
      constraint ledger_account_frozen_non_negative check (frozen >= 0 or allow_negative),
      constraint ledger_account_house_is_platform check (not is_house or owner_type = 'platform')
    );

    create table journal (
      id bigint generated always as identity primary key,
      idempotency_key text not null,
      request_hash text not null,
      bill_type integer not null,
      reference_type text,
      reference_id text,
      note text not null default '',
      created_at timestamptz not null default now(),
      constraint journal_idempotency_key_unique unique (idempotency_key)
    );
    create index journal_reference on journal (reference_type, reference_id);

    create table entry (
      id bigint generated always as identity primary key,
      journal_id bigint not null references journal (id),
      -- No foreign key to ledger_account: its check takes a key-share lock on the account row,
      -- and on a house account (fees, desk) every posting would share that one row's lock. The
      -- statement trigger checks account and asset instead; accounts are never deleted.
      account_id bigint not null,
      asset text not null,
      bucket text not null check (bucket in ('available', 'frozen')),
      amount numeric(38, 0) not null check (amount <> 0),
      balance_after numeric(38, 0),
      created_at timestamptz not null default now()
    );
    create index entry_account on entry (account_id, created_at desc, id desc);
    create index entry_journal on entry (journal_id);

    create table ledger_house_pending (
      id bigint generated always as identity primary key,
      -- Written only by ledger_post for an account it has just found (no key-share lock on the hot row).
      account_id bigint not null,
      bucket text not null check (bucket in ('available', 'frozen')),
      amount numeric(38, 0) not null
    );

    create table ledger_hold (
      id bigint generated always as identity primary key,
      account_id bigint not null references ledger_account (id),
      amount numeric(38, 0) not null check (amount > 0),
      status text not null default 'pending' check (status in ('pending', 'settled', 'released')),
      hold_journal_id bigint not null references journal (id),
      resolve_journal_id bigint references journal (id),
      created_at timestamptz not null default now(),
      resolved_at timestamptz,
      constraint ledger_hold_resolution check ((status = 'pending') = (resolve_journal_id is null))
    );

    -- Every journal balances per asset, its legs come in one statement, and every entry is in
    -- an existing account's asset. Only the inserted rows are read and every account is found
    -- by its key: joins to the transition table (no statistics) were planned as scans.
    ${sql.raw(checkEntriesV1)}
    create trigger entry_balanced after insert on entry
      referencing new table as inserted for each statement execute function ledger_check_entries();

    create function ledger_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'LEDGER_APPEND_ONLY: % on % is not allowed; post a correcting journal', tg_op, tg_table_name
        using errcode = 'P0001';
    end $$;
    create trigger journal_append_only before update or delete on journal
      for each row execute function ledger_append_only();
    create trigger entry_append_only before update or delete on entry
      for each row execute function ledger_append_only();
    create trigger journal_no_truncate before truncate on journal
      for each statement execute function ledger_append_only();
    create trigger entry_no_truncate before truncate on entry
      for each statement execute function ledger_append_only();
    -- An account keeps its identity for ever (entries name it without a foreign key); only its
    -- balances change.
    create trigger ledger_account_fixed before delete or update of id, owner_type, owner_ref, asset, purpose, allow_negative, is_house
      on ledger_account for each row execute function ledger_append_only();
    create trigger ledger_account_no_truncate before truncate on ledger_account
      for each statement execute function ledger_append_only();

    -- Posts one journal in one call (one round trip). Legs: [{account_id, bucket, amount}],
    -- one per account and bucket. A replay of the key with the same request hash returns the
    -- first journal and changes nothing; with another hash it is refused.
    ${sql.raw(ledgerPostV1)}

    -- Posts several independent journals in one transaction (one round trip, one commit).
    -- Every account of the batch is locked first, in id order, so batches and single postings
    -- never deadlock; each journal then runs in its own subtransaction, so one refused journal
    -- (insufficient balance, replay conflict…) leaves the others posted. Its error comes back
    -- in the row instead of aborting the batch.
    create function ledger_post_batch(p_journals jsonb)
    returns table (ordinal integer, journal_id bigint, hold_id bigint, is_replay boolean,
                   error_state text, error_constraint text, error_message text)
    language plpgsql as $$
    declare
      v_item record;
      v_posted record;
    begin
      perform 1 from ledger_account a
        where a.id in (select distinct (l ->> 'account_id')::bigint
                         from jsonb_array_elements(p_journals) j, jsonb_array_elements(j -> 'legs') l)
          and not a.is_house
        order by a.id
        for update;
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

    -- Folds the house accounts' waiting changes into their balances.
    create function ledger_fold_house() returns integer language plpgsql as $$
    declare
      v_count integer;
    begin
      with drained as (
        delete from ledger_house_pending returning account_id, bucket, amount
      ), sums as (
        select account_id,
               coalesce(sum(amount) filter (where bucket = 'available'), 0) as d_available,
               coalesce(sum(amount) filter (where bucket = 'frozen'), 0) as d_frozen,
               count(*) as n
          from drained group by account_id
      ), applied as (
        update ledger_account a
           set available = a.available + s.d_available, frozen = a.frozen + s.d_frozen
          from sums s where a.id = s.account_id
        returning s.n
      )
      select coalesce(sum(n), 0) into v_count from applied;
      return v_count;
    end $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop function ledger_fold_house();
    drop function ledger_post_batch(jsonb);
    drop function ledger_post(text, text, integer, text, text, text, jsonb, jsonb);
    drop table ledger_hold, ledger_house_pending, entry, journal, ledger_account, asset_chain, asset;
    drop function ledger_append_only();
    drop function ledger_check_entries();
  `.execute(db);
}
