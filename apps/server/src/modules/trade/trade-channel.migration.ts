import { type Kysely, sql } from 'kysely';

/**
 * Large orders settle through the liquidity channel (spec §4 in progress, refunded, abnormal).
 * The route is decided when the quote is priced and copied to the order. Paying such an order
 * holds the customer's payment (`hold_id`); the channel's answer then completes it against
 * the hold or refunds it. The database refuses a channel order completed without a hold, and
 * a hold on an order settled at once.
 *
 * `trade_channel_execution` is the simulated channel's own book: one decision per order, so
 * asking again after a crash answers the same (a real channel is asked by client order id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table trade_quote add column settlement text not null default 'immediate'
      check (settlement in ('immediate', 'channel'));
    alter table trade_order add column settlement text not null default 'immediate'
      check (settlement in ('immediate', 'channel'));
    alter table trade_order add column hold_id bigint references ledger_hold (id);
    alter table trade_order add column refunded_at timestamptz;
    alter table trade_order add constraint trade_order_hold_only_on_channel check (settlement = 'channel' or hold_id is null);
    alter table trade_order add constraint trade_order_channel_settles_held check (settlement = 'immediate' or status <> 'completed' or hold_id is not null);
    alter table trade_order add constraint trade_order_refunded_when check ((status = 'refunded') = (refunded_at is not null));
    -- The channel's work queue: paid channel orders not yet settled.
    create index trade_order_channel_open on trade_order (updated_at)
      where settlement = 'channel' and status in ('pendingSettlement', 'inProgress', 'abnormal');

    create table trade_channel_execution (
      order_id bigint primary key references trade_order (id),
      outcome text not null check (outcome in ('filled', 'rejected')),
      reason text,
      market_price numeric(38, 0) not null,
      decided_at timestamptz not null
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table trade_channel_execution;
    drop index trade_order_channel_open;
    alter table trade_order drop constraint trade_order_refunded_when, drop constraint trade_order_channel_settles_held,
      drop constraint trade_order_hold_only_on_channel, drop column refunded_at, drop column hold_id, drop column settlement;
    alter table trade_quote drop column settlement;
  `.execute(db);
}
