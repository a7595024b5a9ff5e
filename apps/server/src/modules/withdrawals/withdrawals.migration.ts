import { type Kysely, sql } from 'kysely';

/**
 * Withdrawals (spec §1, §3, §4, §5, §9):
 * - `withdrawal`: one row per submission, unique per customer request id; the hold it took
 *   and the journal that settled it; `usd_cents` is its value at submission, for the 24-hour limit;
 * - `withdrawal_outbox`: the signed transaction of an on-chain withdrawal, written BEFORE it is
 *   broadcast, so a restart re-broadcasts the same transaction and never signs a second one;
 * - `withdraw_address`: the address book, trusted entries with the time they were trusted;
 * - `withdrawal_restriction`: accounts whose withdrawals are forbidden (-10094) and why;
 * - `reconciliation_run` / `reconciliation_line`: chain balances against the ledger.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table withdrawal (
      id bigint generated always as identity primary key,
      serial_no text not null unique,
      user_id bigint not null references app_user (id),
      request_key text not null unique,
      request_hash text not null,
      kind text not null check (kind in ('ordinary', 'internal')),
      asset text not null references asset (code),
      chain text not null,
      address text not null,
      tag text,
      amount numeric(38, 0) not null check (amount > 0),
      fee numeric(38, 0) not null check (fee >= 0),
      usd_cents numeric(38, 0) not null check (usd_cents >= 0),
      recipient_user_id bigint references app_user (id),
      status text not null check (status in ('awaiting_confirmation', 'processing', 'confirming', 'completed', 'failed', 'cancelled')),
      fail_reason text,
      hold_id bigint references ledger_hold (id),
      journal_id bigint references journal (id),
      required_confirmations integer not null check (required_confirmations > 0),
      confirmations integer not null default 0 check (confirmations >= 0),
      confirm_before timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      completed_at timestamptz,
      constraint withdrawal_internal_has_recipient check ((kind = 'internal') = (recipient_user_id is not null)),
      constraint withdrawal_internal_no_fee check (kind = 'ordinary' or fee = 0),
      constraint withdrawal_waiting_has_deadline check ((status = 'awaiting_confirmation') = (confirm_before is not null)),
      constraint withdrawal_completed_has_journal check (status <> 'completed' or journal_id is not null)
    );
    create index withdrawal_by_customer on withdrawal (user_id, created_at desc, id desc);
    create index withdrawal_open on withdrawal (status, id) where status in ('awaiting_confirmation', 'processing', 'confirming');

    create table withdrawal_outbox (
      withdrawal_id bigint primary key references withdrawal (id),
      chain text not null,
      txid text not null,
      raw text not null,
      network_fee numeric(38, 0) not null check (network_fee >= 0),
      broadcast_at timestamptz,
      resolved_at timestamptz,
      attempts integer not null default 0,
      last_error text,
      created_at timestamptz not null default now(),
      constraint withdrawal_outbox_txid unique (chain, txid)
    );
    create index withdrawal_outbox_open on withdrawal_outbox (chain) where resolved_at is null;

    create table withdraw_address (
      id bigint generated always as identity primary key,
      user_id bigint not null references app_user (id),
      chain text not null,
      address text not null,
      tag text,
      note text not null check (char_length(note) between 1 and 10),
      trusted_at timestamptz,
      created_at timestamptz not null default now(),
      constraint withdraw_address_once unique nulls not distinct (user_id, chain, address, tag)
    );
    create index withdraw_address_by_customer on withdraw_address (user_id, id desc);

    create table withdrawal_restriction (
      user_id bigint primary key references app_user (id),
      reason text not null,
      created_at timestamptz not null default now()
    );

    create table reconciliation_run (
      id bigint generated always as identity primary key,
      at timestamptz not null default now()
    );
    create table reconciliation_line (
      run_id bigint not null references reconciliation_run (id),
      chain text not null,
      asset text not null references asset (code),
      on_chain numeric(38, 0) not null,
      ledger_omnibus numeric(38, 0) not null,
      pending_withdrawals numeric(38, 0) not null,
      difference numeric(38, 0) not null,
      primary key (run_id, chain, asset)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table reconciliation_line, reconciliation_run, withdrawal_restriction, withdraw_address, withdrawal_outbox, withdrawal`.execute(
    db,
  );
}
