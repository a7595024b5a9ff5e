import { type Kysely, sql } from 'kysely';

/**
 * The built-in Bitcoin and XRP devnets of the embedded default: chain state kept in PostgreSQL
 * so every server process sees one chain. Nothing here is platform bookkeeping; a production
 * deployment talks to real nodes and leaves these tables empty.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table devnet_btc_block (
      height integer primary key check (height >= 0),
      hash text not null unique,
      prev_hash text not null,
      merkle_root text not null,
      mined_at timestamptz not null default now()
    );

    create table devnet_btc_tx (
      txid text primary key,
      raw bytea not null,
      fee numeric(38, 0) not null check (fee >= 0),
      is_coinbase boolean not null default false,
      is_faucet boolean not null default false,
      block_height integer references devnet_btc_block (height),
      position integer,
      received_order bigint generated always as identity,
      unique (block_height, position)
    );
    create index devnet_btc_tx_mempool on devnet_btc_tx (received_order) where block_height is null;

    create table devnet_btc_output (
      txid text not null references devnet_btc_tx (txid),
      vout integer not null check (vout >= 0),
      script bytea not null,
      address text,
      value numeric(38, 0) not null check (value >= 0),
      spent_by text references devnet_btc_tx (txid),
      -- Reserved by a platform sender for a transaction it signed (Bitcoin Core's lockunspent).
      locked_by text,
      primary key (txid, vout)
    );
    create index devnet_btc_output_unspent on devnet_btc_output (address) where spent_by is null;

    create table devnet_xrp_ledger (
      ledger_index integer primary key check (ledger_index >= 1),
      hash text not null unique,
      parent_hash text not null,
      closed_at timestamptz not null default now()
    );

    create table devnet_xrp_account (
      address text primary key,
      balance numeric(38, 0) not null check (balance >= 0),
      -- Sequence the next transaction of this account must carry.
      sequence bigint not null check (sequence >= 1),
      -- Next sequence a platform sender may take for a transaction it signs.
      next_free_sequence bigint not null check (next_free_sequence >= sequence)
    );

    create table devnet_xrp_tx (
      hash text primary key,
      raw bytea,
      account text not null,
      sequence bigint not null,
      kind text not null check (kind in ('payment', 'faucet', 'skip')),
      destination text,
      destination_tag bigint check (destination_tag between 0 and 4294967295),
      amount numeric(38, 0) not null default 0 check (amount >= 0),
      fee numeric(38, 0) not null default 0 check (fee >= 0),
      status text not null default 'queued' check (status in ('queued', 'applied')),
      result text,
      ledger_index integer references devnet_xrp_ledger (ledger_index),
      position integer,
      received_order bigint generated always as identity,
      unique (account, sequence)
    );
    create index devnet_xrp_tx_queued on devnet_xrp_tx (received_order) where status = 'queued';
    create index devnet_xrp_tx_ledger on devnet_xrp_tx (ledger_index, position);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table devnet_xrp_tx, devnet_xrp_account, devnet_xrp_ledger;
    drop table devnet_btc_output, devnet_btc_tx, devnet_btc_block;
  `.execute(db);
}
