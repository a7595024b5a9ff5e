import { type Kysely, sql } from 'kysely';

/**
 * Ledger accounts owned by a custody account (issue 17): `owner_type` 'custody', `owner_ref` the
 * custody account's id, purpose 'custody'. Like a customer's, such an account can never go
 * negative (`ledger_account_customer_never_negative` holds for every owner but the platform).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table ledger_account drop constraint ledger_account_owner_type_check;
    alter table ledger_account add constraint ledger_account_owner_type_check
      check (owner_type in ('customer', 'platform', 'custody'));
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table ledger_account drop constraint ledger_account_owner_type_check;
    alter table ledger_account add constraint ledger_account_owner_type_check check (owner_type in ('customer', 'platform'));
  `.execute(db);
}
