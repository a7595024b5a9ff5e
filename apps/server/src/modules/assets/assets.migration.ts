import { type Kysely, sql } from 'kysely';

/**
 * The asset catalogue: the supported coins and their networks, seeded. It runs under the
 * migration name `0003-ledger`, just before the ledger's tables (which reference `asset` by
 * foreign key), so databases migrated before the catalogue became its own module see nothing new.
 */
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
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table asset_chain, asset;`.execute(db);
}
