import { type Kysely, sql } from 'kysely';

/** Daily value of each customer's balance account, for the dashboard's asset trend. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table wallet_daily_snapshot (
      user_id bigint not null references app_user (id),
      day date not null,
      usd_cents numeric(38, 0) not null,
      cny_cents numeric(38, 0) not null,
      primary key (user_id, day)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table wallet_daily_snapshot`.execute(db);
}
