import { type Kysely, sql } from 'kysely';
import { sqlFunction } from '../../platform/db/sql-function';
import { fenceTenantTable } from './tenant-fence';

/** The tenant tables of monthly bills (issue 18 items 9 and 10), fenced like the console's. */
export const custodyBillTables = ['custody_bill', 'custody_bill_line', 'custody_bill_source'] as const;

const functions = new URL('./sql/', import.meta.url);

/**
 * Monthly bills of the custody console (issue 18 items 9 and 10; rules in the contract's
 * `custody-billing.ts`):
 * - `custody_bill`: one per organisation and month (`period`, the month's first day; unique,
 *   so any number of issuing runs issue one), its figures in USD cents, unpaid → paid once
 *   (`custody_bill_paid_once`: a paid bill never changes again); the payment's details — the
 *   operator's wire note, or the deduction's account, coin, amount, price and ledger journal.
 * - `custody_bill_line`: the hosting fee and, per coin, the enterprise and prime withdrawal
 *   amounts and the withdrawal fees.
 * - `custody_bill_source`: what each line was computed from: a daily snapshot (its key,
 *   a foreign key into `custody_daily_snapshot`) or a ledger entry of a settled withdrawal
 *   order (the entry's id, with the order).
 * The console role only reads them; the issuing job, the deduction job and the back office
 * write as the platform.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table custody_bill (
      id bigint generated always as identity primary key,
      org_id bigint not null references custody_org (id),
      period date not null check (extract(day from period) = 1),
      due_on date not null,
      days integer not null check (days between 28 and 31),
      state text not null default 'unpaid' check (state in ('unpaid', 'paid')),
      market_value_cents numeric(38, 0) not null check (market_value_cents >= 0),
      annual_rate numeric(12, 8) not null,
      hosting_fee_cents numeric(38, 0) not null check (hosting_fee_cents >= 0),
      enterprise_withdrawal_cents numeric(38, 0) not null,
      prime_withdrawal_cents numeric(38, 0) not null,
      withdrawal_fee_cents numeric(38, 0) not null,
      minimum_cents numeric(38, 0) not null,
      reference_fee_cents numeric(38, 0) not null,
      final_cost_cents numeric(38, 0) not null check (final_cost_cents >= 0),
      issued_at timestamptz not null default now(),
      paid_at timestamptz,
      paid_via text check (paid_via in ('wire', 'deduction')),
      paid_note text not null default '',
      paid_by_operator text,
      paid_account_id bigint,
      paid_asset text,
      paid_amount numeric(38, 0),
      paid_usd_price numeric(38, 18),
      paid_journal_id bigint,
      unique (id, org_id),
      constraint custody_bill_once unique (org_id, period),
      foreign key (paid_account_id, org_id) references custody_account (id, org_id),
      check ((state = 'paid') = (paid_at is not null and paid_via is not null)),
      -- A deduction names what it took, unless the bill was zero (nothing to take).
      check (paid_via is distinct from 'deduction' or final_cost_cents = 0
        or (paid_account_id is not null and paid_asset is not null and paid_amount > 0 and paid_journal_id is not null))
    );
    create index custody_bill_list on custody_bill (org_id, period desc);
    create index custody_bill_unpaid on custody_bill (due_on) where state = 'unpaid';

    ${sqlFunction(functions, 'custody_bill_paid_once', 1)}
    create trigger custody_bill_pays_once before update or delete on custody_bill
      for each row execute function custody_bill_paid_once();

    create table custody_bill_line (
      id bigint generated always as identity primary key,
      org_id bigint not null,
      bill_id bigint not null,
      position integer not null,
      kind text not null check (kind in ('hosting', 'enterpriseWithdrawal', 'primeWithdrawal', 'withdrawalFee')),
      asset text references asset (code),
      amount numeric(38, 0),
      usd_price numeric(38, 18),
      usd_cents numeric(38, 0) not null,
      orders integer not null default 0,
      unique (id, org_id),
      unique (bill_id, position),
      foreign key (bill_id, org_id) references custody_bill (id, org_id),
      check ((kind = 'hosting') = (asset is null and amount is null and usd_price is null))
    );

    create table custody_bill_source (
      id bigint generated always as identity primary key,
      org_id bigint not null,
      line_id bigint not null,
      kind text not null check (kind in ('snapshot', 'ledgerEntry')),
      snapshot_account_id bigint,
      snapshot_asset text,
      snapshot_day date,
      entry_id bigint,
      order_id bigint,
      foreign key (line_id, org_id) references custody_bill_line (id, org_id),
      foreign key (snapshot_account_id, snapshot_asset, snapshot_day) references custody_daily_snapshot (account_id, asset, day),
      foreign key (order_id, org_id) references custody_withdrawal_order (id, org_id),
      check (case kind
        when 'snapshot' then snapshot_account_id is not null and snapshot_asset is not null and snapshot_day is not null
          and entry_id is null and order_id is null
        else entry_id is not null and order_id is not null and snapshot_account_id is null end)
    );
    create index custody_bill_source_line on custody_bill_source (line_id);
  `.execute(db);
  for (const table of custodyBillTables) await fenceTenantTable(db, table, 'select');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table custody_bill_source, custody_bill_line, custody_bill;
    drop function custody_bill_paid_once();
  `.execute(db);
}
