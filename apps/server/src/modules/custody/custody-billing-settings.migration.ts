import { type Kysely, sql } from 'kysely';
import { fenceTenantTable } from './tenant-fence';

/** The tenant tables of billing settings (issue 18 item 9), fenced like the console's. */
export const custodyBillingSettingTables = ['custody_billing_profile', 'custody_billing_deduction'] as const;

/**
 * Billing settings of an organisation (issue 18 item 9):
 * - `custody_billing_profile`: its rates, set by an operator in the back office (no row, or a
 *   null column: the defaults of `custodyBillingDefaults`), and the payment method the console
 *   chooses. The console role may change only the method; the rates are written as the
 *   platform (the back office), audit-logged.
 * - `custody_billing_deduction`: the (custody account, coin) pairs to deduct a bill from, in
 *   priority order (`position` 1 first), replaced together by the console.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table custody_billing_profile (
      org_id bigint primary key references custody_org (id),
      annual_rate numeric(12, 8) check (annual_rate >= 0 and annual_rate < 1),
      minimum_cents numeric(20, 0) check (minimum_cents >= 0),
      method text not null default 'wire' check (method in ('wire', 'deduction')),
      rates_set_at timestamptz,
      updated_at timestamptz not null default now()
    );

    create table custody_billing_deduction (
      org_id bigint not null references custody_billing_profile (org_id),
      position integer not null check (position between 1 and 10),
      account_id bigint not null,
      asset text not null references asset (code),
      primary key (org_id, position),
      unique (org_id, account_id, asset),
      foreign key (account_id, org_id) references custody_account (id, org_id)
    );
  `.execute(db);
  for (const table of custodyBillingSettingTables) await fenceTenantTable(db, table);
  await sql`
    grant select, insert on custody_billing_profile to coffer_console;
    grant update (method, updated_at) on custody_billing_profile to coffer_console;
    grant select, insert, delete on custody_billing_deduction to coffer_console;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table custody_billing_deduction, custody_billing_profile`.execute(db);
}
