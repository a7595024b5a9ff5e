import { type Kysely, sql } from 'kysely';
import { fenceTenantTable } from './tenant-fence';
import { sqlFunction } from '../../platform/db/sql-function';

/** The tenant table of the mining-pool partner links (issue 17 item 11), fenced like the console's. */
export const custodyPoolTables = ['custody_pool_partner'] as const;

const functions = new URL('./sql/', import.meta.url);

/**
 * Mining-pool partners (issue 17 item 11). `custody_pool_partner` is one link and, once used, the
 * partner it linked: the admin makes it for a custody account, a coin and its network, with the
 * partner's name and an expiry (1–30 days); only the SHA-256 of its 32-byte secret is kept.
 * The partner spends it once, giving its payout (sending) address — kept canonical, with the key
 * deposits' senders are compared by (`payout_key`) — and a contact e-mail. A link is revoked
 * or linked, never both; a linked partner may be unlinked. Among the partners linked now, a
 * payout address is one partner's per account and network (the partial unique index), so a
 * payout names at most one partner.
 *
 * `custody_transfer.pool_partner_id`: the partner a deposit's record names as its source, set
 * when the record is written and never changed (`custody_transfer_guard` version 2).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table custody_pool_partner (
      id bigint generated always as identity primary key,
      org_id bigint not null references custody_org (id),
      account_id bigint not null,
      asset text not null references asset (code),
      chain text not null,
      partner_name text not null check (length(btrim(partner_name)) between 1 and 50),
      token_hash bytea not null unique check (length(token_hash) = 32),
      expires_at timestamptz not null,
      created_by bigint not null,
      -- The language the admin made it in: the creator's notice when the partner links is written in it.
      created_language text not null check (created_language in ('en', 'zh-CN', 'zh-TW', 'ru')),
      created_at timestamptz not null default now(),
      revoked_at timestamptz,
      revoked_by bigint,
      payout_address text,
      payout_key text,
      contact_email text,
      linked_at timestamptz,
      unlinked_at timestamptz,
      unlinked_by bigint,
      unique (id, org_id),
      foreign key (account_id, org_id) references custody_account (id, org_id),
      foreign key (created_by, org_id) references custody_member (id, org_id),
      foreign key (revoked_by, org_id) references custody_member (id, org_id),
      foreign key (unlinked_by, org_id) references custody_member (id, org_id),
      constraint custody_pool_partner_expiry check (expires_at > created_at and expires_at <= created_at + interval '30 days'),
      constraint custody_pool_partner_linked check (
        (linked_at is null) = (payout_address is null) and (linked_at is null) = (payout_key is null)
        and (linked_at is null) = (contact_email is null)),
      constraint custody_pool_partner_revoked check ((revoked_at is null) = (revoked_by is null) and (revoked_at is null or linked_at is null)),
      constraint custody_pool_partner_unlinked check (
        (unlinked_at is null) = (unlinked_by is null) and (unlinked_at is null or linked_at is not null))
    );
    create index custody_pool_partner_list on custody_pool_partner (org_id, created_at desc, id desc);
    create unique index custody_pool_partner_payout on custody_pool_partner (account_id, chain, payout_key)
      where linked_at is not null and unlinked_at is null;

    alter table custody_transfer add column pool_partner_id bigint;
    alter table custody_transfer add constraint custody_transfer_pool_partner
      foreign key (pool_partner_id, org_id) references custody_pool_partner (id, org_id);
    alter table custody_transfer add constraint custody_transfer_pool_partner_deposit
      check (pool_partner_id is null or business_type = 'deposit');

    ${sqlFunction(functions, 'custody_transfer_guard', 2)}
  `.execute(db);

  for (const table of custodyPoolTables) await fenceTenantTable(db, table, 'select, insert, update');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table custody_transfer drop constraint custody_transfer_pool_partner_deposit, drop constraint custody_transfer_pool_partner,
      drop column pool_partner_id;
    drop table custody_pool_partner;
  `.execute(db);
}
