import { type Kysely, sql } from 'kysely';
import { sqlFunction } from '../../platform/db/sql-function';

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
 * The functions are in `sql/`, one per file; those a later migration changed are installed
 * there (ledger_post, ledger_post_batch), and the entry trigger's function is installed here
 * as it is now, since the trigger needs it (see `platform/db/sql-function.ts`).
 */
const functions = new URL('./sql/', import.meta.url);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
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
    ${sqlFunction(functions, 'ledger_check_entries', 'current')}
    create trigger entry_balanced after insert on entry
      referencing new table as inserted for each statement execute function ledger_check_entries();

    ${sqlFunction(functions, 'ledger_append_only', 1)}
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

    -- The postings, ledger_post (0014) and ledger_post_batch (0020), are installed by the
    -- migrations that changed them last.
    ${sqlFunction(functions, 'ledger_fold_house', 1)}
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop function ledger_fold_house();
    drop function if exists ledger_post_batch(jsonb);
    drop function if exists ledger_post(text, text, integer, text, text, text, jsonb, jsonb);
    drop table ledger_hold, ledger_house_pending, entry, journal, ledger_account;
    drop function ledger_append_only();
    drop function ledger_check_entries();
  `.execute(db);
}
