import { type Kysely, sql } from 'kysely';

/**
 * The signer's outbox for custody withdrawal orders (issue 18 item 1), owned by the withdrawals
 * module as `withdrawal_outbox` is: one row per order (the primary key: an order is never signed
 * twice), its chain, asset, amount and confirmation count, and the signed transaction written
 * BEFORE it is broadcast, so a restart re-broadcasts the same transaction. `order_id` is the
 * custody module's order id, known here only through the `CustodyPayoutSource` port (no foreign
 * key into the custody module's fenced tables). Unresolved rows hold EVM nonces and count as
 * in-flight amounts for reconciliation, as the customers' do.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table custody_payout_outbox (
      order_id bigint primary key,
      chain text not null,
      asset text not null references asset (code),
      amount numeric(38, 0) not null check (amount > 0),
      required_confirmations integer not null check (required_confirmations > 0),
      txid text not null,
      raw text not null,
      network_fee numeric(38, 0) not null check (network_fee >= 0),
      broadcast_at timestamptz,
      resolved_at timestamptz,
      outcome text check (outcome in ('settled', 'failed')),
      attempts integer not null default 0,
      last_error text,
      created_at timestamptz not null default now(),
      constraint custody_payout_outbox_txid unique (chain, txid),
      constraint custody_payout_outbox_resolved check ((resolved_at is null) = (outcome is null))
    );
    create index custody_payout_outbox_open on custody_payout_outbox (chain) where resolved_at is null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table custody_payout_outbox`.execute(db);
}
