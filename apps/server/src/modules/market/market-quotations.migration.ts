import { type Kysely, sql } from 'kysely';
import { readReferenceUsdPrices } from '../assets';

/**
 * The live price per coin (finer than the minute history: advanced every tick slot, a
 * compare-and-set on `seq` so one process wins each slot) and the customers' favourites.
 * Live prices start from the catalogue's reference prices: seq 0 means "no tick yet".
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table market_price (
      asset text primary key references asset (code),
      seq bigint not null check (seq >= 0),
      usd_price numeric(38, 8) not null check (usd_price > 0),
      updated_at timestamptz not null default now()
    );
  `.execute(db);
  // The catalogue belongs to the assets module: its reference prices are asked of it.
  const references = await readReferenceUsdPrices(db);
  await sql`
    insert into market_price (asset, seq, usd_price)
      select code, 0, trunc(usd_price, 8)
        from unnest(${references.map((reference) => reference.code)}::text[], ${references.map((reference) => reference.usdPrice)}::numeric[])
          as reference (code, usd_price);
  `.execute(db);
  await sql`
    create table market_favourite (
      user_id bigint not null references app_user (id) on delete cascade,
      asset text not null references asset (code),
      created_at timestamptz not null default now(),
      primary key (user_id, asset)
    );

    -- The minute cron tick is replaced by the live ticker; a schedule pg-boss kept for it would fire into a queue nobody works.
    do $$
    begin
      if to_regclass('pgboss.schedule') is not null then
        delete from pgboss.schedule where name = 'market.simulate-tick';
      end if;
    end $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table market_favourite; drop table market_price;`.execute(db);
}
