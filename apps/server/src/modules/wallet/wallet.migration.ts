import { type Kysely, sql } from 'kysely';

/** Internal transfers between customers: the transfer record of spec §3 for both sides. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table wallet_transfer (
      id bigint generated always as identity primary key,
      flow_id text not null unique,
      order_no text not null unique,
      request_key text not null unique,
      from_user_id bigint not null references app_user (id),
      to_user_id bigint not null references app_user (id),
      asset text not null references asset (code),
      amount numeric(38, 0) not null check (amount > 0),
      fee numeric(38, 0) not null default 0 check (fee >= 0),
      note text not null default '',
      journal_id bigint not null references journal (id),
      created_at timestamptz not null default now(),
      constraint wallet_transfer_not_to_self check (from_user_id <> to_user_id)
    );
    create index wallet_transfer_from on wallet_transfer (from_user_id, created_at desc);
    create index wallet_transfer_to on wallet_transfer (to_user_id, created_at desc);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table wallet_transfer`.execute(db);
}
