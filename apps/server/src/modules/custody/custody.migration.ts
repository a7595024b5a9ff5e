import { type Kysely, sql } from 'kysely';
import { fenceTenantTable } from './tenant-fence';

/** The tables of one organisation's console made here: each carries `org_id` and is fenced by row-level security. */
export const custodyConsoleTables = [
  'custody_org',
  'custody_role',
  'custody_member',
  'custody_member_activation',
  'custody_account',
  'custody_address',
  'custody_line',
  'custody_line_account',
  'custody_line_reviewer',
  'custody_line_limit',
  'custody_line_whitelist',
] as const;

/** The database role console transactions run as (`SET LOCAL ROLE`): row-level security applies to it. */
export const consoleRole = 'coffer_console';

/**
 * The enterprise custody console (issue 17): the company applications (the applicant's, read by
 * the back office), and per enabled organisation its roles, members with their activation
 * links, custody accounts with their address books, and business lines with accounts,
 * reviewers, limits and whitelist.
 *
 * Tenancy: every console table has `org_id`; references between them carry it in composite
 * foreign keys, so a row can only point into its own organisation. Console work runs in a
 * transaction as role `coffer_console` with `coffer.org_id` set (`tenant-transaction.ts`); the
 * policies show and accept only that organisation's rows, so a query whose organisation was
 * not set sees nothing and writes nothing (fail closed). The role is created here when missing
 * (the migrating user needs CREATEROLE, or an administrator creates it beforehand and grants it
 * to the application's user).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    do $$
    begin
      if not exists (select 1 from pg_roles where rolname = 'coffer_console') then
        begin
          create role coffer_console nologin;
        exception when duplicate_object or unique_violation then null; -- another database's migration made it meanwhile
        end;
      end if;
      if not pg_has_role(current_user, 'coffer_console', 'member') then
        execute format('grant coffer_console to %I', current_user);
      end if;
    end
    $$;

    create table custody_application (
      id bigint generated always as identity primary key,
      user_id bigint not null,
      company_name text not null check (length(company_name) between 1 and 100),
      country text not null check (country ~ '^[A-Z]{2}$'),
      industry text not null check (industry in ('exchange', 'fund', 'tokenIssuer', 'payment', 'miningPool', 'other')),
      website text not null check (length(website) between 1 and 200),
      contact_name text not null check (length(contact_name) between 1 and 50),
      phone text not null check (phone ~ '^\\+?[0-9]{4,16}$'),
      email text not null check (length(email) between 3 and 254),
      state text not null default 'pending' check (state in ('pending', 'enabled', 'rejected')),
      reject_reason text check (reject_reason is null or length(reject_reason) between 1 and 500),
      salesperson_email text,
      decided_by text,
      decided_at timestamptz,
      created_at timestamptz not null default now(),
      check ((state = 'pending') = (decided_at is null)),
      check ((state = 'rejected') = (reject_reason is not null))
    );
    create unique index custody_application_open on custody_application (user_id) where state in ('pending', 'enabled');
    create index custody_application_owner on custody_application (user_id, id desc);
    create index custody_application_queue on custody_application (state, created_at);

    create table custody_org (
      id bigint generated always as identity primary key,
      application_id bigint not null unique references custody_application (id),
      org_id bigint generated always as (id) stored,
      name text not null,
      country text not null,
      industry text not null,
      salesperson_email text,
      require_hardware_key boolean not null default false,
      session_minutes integer not null default 30 check (session_minutes between 5 and 720),
      console_ips text[] not null default '{}' check (cardinality(console_ips) <= 20),
      created_at timestamptz not null default now()
    );

    create table custody_role (
      id bigint generated always as identity primary key,
      org_id bigint not null references custody_org (id),
      name text not null check (length(btrim(name)) between 1 and 30),
      description text not null default '' check (length(description) <= 200),
      built_in text check (built_in in ('admin', 'lineAdmin', 'salesperson', 'approver')),
      permissions text[] not null check (cardinality(permissions) >= 1),
      created_at timestamptz not null default now(),
      unique (id, org_id)
    );
    create unique index custody_role_name on custody_role (org_id, lower(btrim(name)));
    create unique index custody_role_built_in on custody_role (org_id, built_in) where built_in is not null;

    create table custody_member (
      id bigint generated always as identity primary key,
      org_id bigint not null references custody_org (id),
      user_id bigint unique,
      email text not null check (length(email) between 3 and 254),
      name text not null check (length(btrim(name)) between 1 and 50),
      phone text not null default '',
      department text not null default '' check (length(department) <= 50),
      note text not null default '' check (length(note) <= 150),
      salesperson_email text not null default '',
      role_id bigint not null,
      state text not null check (state in ('invited', 'active', 'frozen')),
      created_at timestamptz not null default now(),
      activated_at timestamptz,
      frozen_at timestamptz,
      unique (id, org_id),
      foreign key (role_id, org_id) references custody_role (id, org_id),
      check ((state = 'invited') = (user_id is null)),
      check ((state = 'frozen') = (frozen_at is not null))
    );
    create unique index custody_member_email on custody_member (org_id, lower(email));
    create index custody_member_role on custody_member (org_id, role_id);

    create table custody_member_activation (
      token_hash bytea primary key,
      org_id bigint not null,
      member_id bigint not null,
      expires_at timestamptz not null,
      used_at timestamptz,
      created_at timestamptz not null default now(),
      foreign key (member_id, org_id) references custody_member (id, org_id)
    );
    create index custody_member_activation_member on custody_member_activation (member_id);

    create table custody_account (
      id bigint generated always as identity primary key,
      org_id bigint not null references custody_org (id),
      name text not null check (length(btrim(name)) between 1 and 50),
      kind text not null check (kind in ('hot', 'cold')),
      tier text not null check (tier in ('enterprise', 'prime')),
      address_count integer not null default 0 check (address_count between 0 and 200),
      created_at timestamptz not null default now(),
      unique (id, org_id)
    );
    create unique index custody_account_name on custody_account (org_id, lower(btrim(name)));

    create table custody_address (
      id bigint generated always as identity primary key,
      org_id bigint not null,
      account_id bigint not null,
      asset text not null,
      chain text not null,
      address text not null,
      tag text not null default '',
      note text not null default '' check (length(note) <= 150),
      created_at timestamptz not null default now(),
      foreign key (account_id, org_id) references custody_account (id, org_id),
      unique (account_id, chain, address, tag, asset)
    );

    create table custody_line (
      id bigint generated always as identity primary key,
      org_id bigint not null references custody_org (id),
      name text not null check (length(btrim(name)) between 1 and 50),
      admin_email text not null,
      currencies text[] not null check (cardinality(currencies) >= 1),
      min_reviewers integer not null check (min_reviewers between 1 and 20),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (id, org_id)
    );
    create unique index custody_line_name on custody_line (org_id, lower(btrim(name)));

    create table custody_line_account (
      org_id bigint not null,
      line_id bigint not null,
      account_id bigint not null,
      primary key (line_id, account_id),
      foreign key (line_id, org_id) references custody_line (id, org_id) on delete cascade,
      foreign key (account_id, org_id) references custody_account (id, org_id)
    );

    create table custody_line_reviewer (
      org_id bigint not null,
      line_id bigint not null,
      member_id bigint not null,
      primary key (line_id, member_id),
      foreign key (line_id, org_id) references custody_line (id, org_id) on delete cascade,
      foreign key (member_id, org_id) references custody_member (id, org_id)
    );

    create table custody_line_limit (
      org_id bigint not null,
      line_id bigint not null,
      asset text not null,
      per_transaction numeric(38, 18) not null check (per_transaction > 0),
      per_day numeric(38, 18) not null check (per_day >= per_transaction),
      per_week numeric(38, 18) not null check (per_week >= per_day),
      per_month numeric(38, 18) not null check (per_month >= per_week),
      primary key (line_id, asset),
      foreign key (line_id, org_id) references custody_line (id, org_id) on delete cascade
    );

    create table custody_line_whitelist (
      id bigint generated always as identity primary key,
      org_id bigint not null,
      line_id bigint not null,
      asset text not null,
      chain text not null,
      address text not null,
      tag text not null default '',
      note text not null default '' check (length(note) <= 150),
      foreign key (line_id, org_id) references custody_line (id, org_id) on delete cascade,
      unique (line_id, chain, address, tag, asset)
    );
  `.execute(db);

  for (const table of custodyConsoleTables) await fenceTenantTable(db, table, 'select, insert, update, delete');
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table custody_line_whitelist, custody_line_limit, custody_line_reviewer, custody_line_account, custody_line,
      custody_address, custody_account, custody_member_activation, custody_member, custody_role, custody_org, custody_application
  `.execute(db);
}
