import { type Kysely, sql } from 'kysely';

/**
 * Deposits on chains (spec §1, §3, §4):
 * - `deposit_address`: one derived address per customer and chain; the derivation index is
 *   handed out by `deposit_address_counter`, so two customers never share an index;
 * - `chain_scanned_block`: the blocks a watcher has read, by height with their hash: the
 *   newest row is the watcher's cursor, the recent ones detect a reorganisation;
 * - `deposit`: each incoming transfer once per (chain, txid, log index), with the state of
 *   §4 (1 credited, 2 failed, 3 waiting); a credited deposit names its ledger journal.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table deposit_address_counter (
      chain text primary key,
      next_index integer not null check (next_index >= 0)
    );

    create table deposit_address (
      id bigint generated always as identity primary key,
      user_id bigint not null references app_user (id),
      chain text not null,
      derivation_index integer not null check (derivation_index >= 0),
      address text not null,
      memo text,
      created_at timestamptz not null default now(),
      constraint deposit_address_one_per_customer unique (user_id, chain),
      constraint deposit_address_index_unique unique (chain, derivation_index),
      constraint deposit_address_unique unique nulls not distinct (chain, address, memo)
    );

    create table chain_scanned_block (
      chain text not null,
      height bigint not null check (height >= 0),
      block_hash text not null,
      scanned_at timestamptz not null default now(),
      primary key (chain, height)
    );

    create table deposit (
      id bigint generated always as identity primary key,
      user_id bigint not null references app_user (id),
      chain text not null,
      asset text not null references asset (code),
      txid text not null,
      log_index integer not null,
      address text not null,
      memo text,
      amount numeric(38, 0) not null check (amount > 0),
      block_height bigint not null,
      block_hash text not null,
      confirmations integer not null default 0 check (confirmations >= 0),
      required_confirmations integer not null check (required_confirmations > 0),
      status smallint not null check (status in (1, 2, 3)),
      fail_reason text check (fail_reason in ('belowMinimum')),
      journal_id bigint references journal (id),
      detected_at timestamptz not null default now(),
      credited_at timestamptz,
      constraint deposit_once unique (chain, txid, log_index),
      constraint deposit_credited_has_journal check ((status = 1) = (journal_id is not null)),
      constraint deposit_failed_has_reason check ((status = 2) = (fail_reason is not null))
    );
    create index deposit_by_customer on deposit (user_id, detected_at desc, id desc);
    create index deposit_waiting on deposit (chain, block_height) where status = 3;
    -- Only deposits still gaining confirmations: what every watcher tick updates.
    create index deposit_confirming on deposit (chain, block_height) where confirmations < required_confirmations;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table deposit, chain_scanned_block, deposit_address, deposit_address_counter`.execute(db);
}
