import { type Kysely, sql } from 'kysely';

/** One price per coin per minute: the built-in market's walk and any adapter's readings. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table market_tick (
      asset text not null references asset (code),
      minute timestamptz not null,
      usd_price numeric(38, 8) not null check (usd_price > 0),
      primary key (asset, minute)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table market_tick`.execute(db);
}
