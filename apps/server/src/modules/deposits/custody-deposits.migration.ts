import { type Kysely, sql } from 'kysely';

/**
 * Deposits to custody accounts (issue 17): a deposit address, and a deposit, belongs to a
 * customer or to a custody account, exactly one of them. Custody addresses take their HD index
 * from the same per-chain counter as customers', so no two addresses ever collide; one address
 * per custody account and chain, as one per customer and chain.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table deposit_address
      alter column user_id drop not null,
      add column custody_account_id bigint references custody_account (id),
      add constraint deposit_address_one_owner check ((user_id is null) <> (custody_account_id is null)),
      add constraint deposit_address_one_per_custody_account unique (custody_account_id, chain);

    alter table deposit
      alter column user_id drop not null,
      add column custody_account_id bigint references custody_account (id),
      add constraint deposit_one_owner check ((user_id is null) <> (custody_account_id is null));
    create index deposit_by_custody_account on deposit (custody_account_id, detected_at desc, id desc)
      where custody_account_id is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index deposit_by_custody_account;
    alter table deposit drop constraint deposit_one_owner, drop column custody_account_id, alter column user_id set not null;
    alter table deposit_address
      drop constraint deposit_address_one_per_custody_account,
      drop constraint deposit_address_one_owner,
      drop column custody_account_id,
      alter column user_id set not null;
  `.execute(db);
}
