import { type Kysely, sql } from 'kysely';
import { sqlFunction } from '../../platform/db/sql-function';

/**
 * Spot trade by request for quote, orders, automatic swap.
 *
 * The order and auto-swap state machines of spec §4 are enforced twice: in code
 * (`order-states.ts`, `auto-swap-states.ts`) and here by a trigger, so no writer can skip a
 * state. The trigger functions (`sql/`) hold the same tables as in code; a test compares them.
 */
const functions = new URL('./sql/', import.meta.url);

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table trade_signing_key (
      key_id text primary key,
      public_key text not null,
      created_at timestamptz not null default now()
    );

    -- Ids are drawn in blocks by each process before signing (the signature covers the id).
    create sequence trade_quote_id_seq;

    create table trade_quote (
      id bigint primary key,
      user_id bigint not null references app_user (id),
      purpose text not null check (purpose in ('spot', 'autoSwap')),
      pair text not null,
      base_asset text not null references asset (code),
      quote_asset text not null references asset (code),
      side text not null check (side in ('buy', 'sell')),
      price numeric(38, 0) not null check (price > 0),
      price_scale integer not null,
      base_amount numeric(38, 0) not null check (base_amount > 0),
      quote_amount numeric(38, 0) not null check (quote_amount > 0),
      fee numeric(38, 0) not null check (fee >= 0),
      fee_rate text not null,
      expires_at timestamptz not null,
      created_at timestamptz not null,
      key_id text not null references trade_signing_key (key_id),
      signature text not null
    );
    create index trade_quote_user on trade_quote (user_id, created_at desc);

    create table trade_order (
      id bigint generated always as identity primary key,
      user_id bigint not null references app_user (id),
      quote_id bigint not null unique references trade_quote (id),
      pair text not null,
      side text not null check (side in ('buy', 'sell')),
      status text not null check (status in
        ('pendingPayment', 'pendingSettlement', 'inProgress', 'completed', 'cancelled', 'refunded', 'abnormal')),
      status_reason text,
      expires_at timestamptz not null,
      created_at timestamptz not null,
      paid_at timestamptz,
      completed_at timestamptz,
      cancelled_at timestamptz,
      updated_at timestamptz not null
    );
    create index trade_order_user on trade_order (user_id, created_at desc, id desc);
    create index trade_order_pending on trade_order (expires_at) where status = 'pendingPayment';

    ${sqlFunction(functions, 'trade_order_check_transition', 1)}
    create trigger trade_order_transition before update of status on trade_order
      for each row when (old.status is distinct from new.status) execute function trade_order_check_transition();

    create table auto_swap_setting (
      user_id bigint not null references app_user (id),
      source_asset text not null references asset (code),
      target_asset text not null references asset (code),
      enabled boolean not null,
      -- Deposits credited before this moment are never swapped by this setting.
      enabled_at timestamptz not null,
      updated_at timestamptz not null,
      primary key (user_id, source_asset),
      constraint auto_swap_setting_two_coins check (source_asset <> target_asset)
    );

    create table auto_swap_record (
      id bigint generated always as identity primary key,
      user_id bigint not null references app_user (id),
      -- The "magic key" of spec §3: one swap per deposit journal (and credited customer and coin).
      deposit_journal_id bigint not null references journal (id),
      source_asset text not null references asset (code),
      target_asset text not null references asset (code),
      source_amount numeric(38, 0) not null check (source_amount > 0),
      quote_id bigint references trade_quote (id),
      status text not null check (status in
        ('accepted', 'processing', 'settling', 'completed', 'cancelled', 'rejected', 'unsettle')),
      status_reason text,
      attempts integer not null default 0,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      completed_at timestamptz,
      constraint auto_swap_record_once_per_deposit unique (deposit_journal_id, user_id, source_asset)
    );
    create index auto_swap_record_user on auto_swap_record (user_id, created_at desc, id desc);
    create index auto_swap_record_open on auto_swap_record (updated_at) where status in ('accepted', 'processing');

    ${sqlFunction(functions, 'auto_swap_check_transition', 1)}
    create trigger auto_swap_transition before update of status on auto_swap_record
      for each row when (old.status is distinct from new.status) execute function auto_swap_check_transition();

    -- How far the deposit scanner has read the journal.
    create table trade_cursor (
      name text primary key,
      last_id bigint not null
    );
    insert into trade_cursor (name, last_id) values ('auto-swap-deposits', 0);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table trade_cursor;
    drop table auto_swap_record;
    drop function auto_swap_check_transition;
    drop table auto_swap_setting;
    drop table trade_order;
    drop function trade_order_check_transition;
    drop table trade_quote;
    drop sequence trade_quote_id_seq;
    drop table trade_signing_key;
  `.execute(db);
}
