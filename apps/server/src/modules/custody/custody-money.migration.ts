import { type Kysely, sql } from 'kysely';
import { fenceTenantTable } from './tenant-fence';
import { sqlFunction } from '../../platform/db/sql-function';

/** The tenant tables of the custody accounts' money (issue 17 items 6–8), fenced like the console's. */
export const custodyMoneyTables = ['custody_transfer', 'custody_daily_snapshot'] as const;

const functions = new URL('./sql/', import.meta.url);

/**
 * The custody accounts' money (issue 17 items 6–8), beside the ledger that holds it:
 * - `custody_transfer`: the transfer records of spec §3 with the states of §4, one per deposit
 *   to a custody account (written in the deposit's own transactions) and two per internal move
 *   (out released, in credited, in the move's ledger transaction). A record settles once and
 *   never changes otherwise (`custody_transfer_guard`); the balance after is the ledger entry's.
 *   An internal move's client request id is unique per organisation and side, so a move is
 *   recorded once; a deposit has one record.
 * - `custody_daily_snapshot`: each account's balance of each asset at the end of a UTC day with
 *   its USD value, written once per (account, asset, day) by the daily job (billing reads it).
 * Both carry `org_id` with composite foreign keys into the organisation's accounts and members,
 * and the same row-level security policy as the console's tables.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table custody_transfer (
      id bigint generated always as identity primary key,
      org_id bigint not null references custody_org (id),
      account_id bigint not null,
      business_type text not null check (business_type in ('deposit', 'internalIn', 'internalOut')),
      state text not null check (state in ('released', 'pendingRelease', 'pendingCredit', 'credited', 'failure')),
      fail_reason text check (fail_reason in ('belowMinimum', 'reorganised', 'refused')),
      asset text not null references asset (code),
      chain text,
      amount numeric(38, 0) not null check (amount > 0),
      fee numeric(38, 0) not null default 0 check (fee >= 0),
      balance_after numeric(38, 0) check (balance_after >= 0),
      journal_id bigint references journal (id),
      order_no text not null,
      deposit_id bigint,
      move_request_id text,
      counterpart_account_id bigint,
      member_id bigint,
      note text not null default '' check (length(note) <= 150),
      source text not null default '',
      txid text,
      to_address text not null default '',
      recorded_at timestamptz not null default now(),
      completed_at timestamptz,
      foreign key (account_id, org_id) references custody_account (id, org_id),
      foreign key (counterpart_account_id, org_id) references custody_account (id, org_id),
      foreign key (member_id, org_id) references custody_member (id, org_id),
      constraint custody_transfer_deposit_once unique (deposit_id),
      constraint custody_transfer_move_once unique (org_id, move_request_id, business_type),
      constraint custody_transfer_failure_reason check ((state = 'failure') = (fail_reason is not null)),
      constraint custody_transfer_settled check (
        (state in ('credited', 'released')) = (journal_id is not null and balance_after is not null and completed_at is not null)),
      constraint custody_transfer_kind check (case business_type
        when 'deposit' then deposit_id is not null and move_request_id is null and chain is not null
        else deposit_id is null and move_request_id is not null and counterpart_account_id is not null and member_id is not null end)
    );
    create index custody_transfer_history on custody_transfer (org_id, recorded_at desc, id desc);
    create index custody_transfer_by_account on custody_transfer (account_id, recorded_at desc, id desc);

    ${sqlFunction(functions, 'custody_transfer_guard', 'current')}
    create trigger custody_transfer_settles_once before update or delete on custody_transfer
      for each row execute function custody_transfer_guard();

    create table custody_daily_snapshot (
      org_id bigint not null references custody_org (id),
      account_id bigint not null,
      asset text not null references asset (code),
      day date not null,
      balance numeric(38, 0) not null check (balance >= 0),
      usd_price numeric(38, 18) not null check (usd_price >= 0),
      usd_cents numeric(38, 0) not null check (usd_cents >= 0),
      taken_at timestamptz not null default now(),
      primary key (account_id, asset, day),
      foreign key (account_id, org_id) references custody_account (id, org_id)
    );
    create index custody_daily_snapshot_by_day on custody_daily_snapshot (org_id, day);
  `.execute(db);

  for (const table of custodyMoneyTables) await fenceTenantTable(db, table, 'select, insert, update');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table custody_daily_snapshot, custody_transfer;
    drop function custody_transfer_guard();
  `.execute(db);
}
