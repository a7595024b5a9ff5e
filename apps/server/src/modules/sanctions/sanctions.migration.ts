import { type Kysely, sql } from 'kysely';

/**
 * Sanctions screening of digital-currency addresses:
 * - `sanctions_list_version`: each import of the OFAC SDN advanced XML, kept with who imported
 *   it, when, the file's hash and its counts; the newest is the one screened against;
 * - `sanctions_entry`: the listed addresses — those of every OFAC version (kept with their
 *   version) and the manual block list (removed by a note, never deleted); screening is one
 *   probe of `(chain, address_key)`, the address normalised for its chain;
 * - `sanctions_hold`: a withdrawal or a deposit held by screening, the entry it was held on,
 *   and compliance's decision (open → released or refused, once: the decision is an
 *   `update … where status = 'open'`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table sanctions_list_version (
      id bigint generated always as identity primary key,
      source text not null check (source in ('ofac')),
      published_on text check (published_on ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
      file_sha256 text not null,
      file_bytes bigint not null check (file_bytes > 0),
      entry_count integer not null check (entry_count >= 0),
      counts_by_chain jsonb not null,
      imported_by bigint not null references operator (id),
      imported_by_name text,
      imported_at timestamptz not null default now()
    );

    create table sanctions_entry (
      id bigint generated always as identity primary key,
      source text not null check (source in ('ofac', 'manual')),
      version_id bigint references sanctions_list_version (id),
      chain text not null check (chain in ('bitcoin', 'ethereum', 'xrpl', 'other')),
      address text not null,
      address_key text not null,
      currency text,
      label text not null,
      party_ref text,
      created_by bigint references operator (id),
      created_by_name text,
      created_at timestamptz not null default now(),
      removed_at timestamptz,
      removed_by bigint references operator (id),
      removed_by_name text,
      removal_note text,
      constraint sanctions_entry_version check ((source = 'ofac') = (version_id is not null)),
      constraint sanctions_entry_manual_by check (source = 'ofac' or created_by is not null),
      constraint sanctions_entry_removed check (source = 'manual' or removed_at is null)
    );
    -- Screening's probe: the address on its chain, among the entries not removed.
    create index sanctions_entry_lookup on sanctions_entry (chain, address_key, version_id) where removed_at is null;
    create unique index sanctions_entry_once_per_version on sanctions_entry (version_id, chain, address_key) where source = 'ofac';
    create unique index sanctions_entry_manual_once on sanctions_entry (chain, address_key) where source = 'manual' and removed_at is null;

    create table sanctions_hold (
      id bigint generated always as identity primary key,
      kind text not null check (kind in ('withdrawal', 'deposit')),
      subject_id bigint not null,
      user_id bigint not null references app_user (id),
      asset text not null references asset (code),
      amount numeric(38, 0) not null check (amount > 0),
      chain text not null,
      address text not null,
      address_key text not null,
      entry_id bigint not null references sanctions_entry (id),
      ledger_hold_id bigint references ledger_hold (id),
      status text not null default 'open' check (status in ('open', 'released', 'refused')),
      is_still_listed boolean not null default true,
      rescreened_at timestamptz,
      opened_at timestamptz not null default now(),
      decided_by bigint references operator (id),
      decided_by_name text,
      decided_at timestamptz,
      reason text,
      constraint sanctions_hold_once unique (kind, subject_id),
      constraint sanctions_hold_decided check ((status = 'open') = (decided_at is null) and (status = 'open') = (decided_by is null)),
      constraint sanctions_hold_refusal_has_reason check (status <> 'refused' or reason is not null)
    );
    -- Compliance's lists (open ones first of all) and the re-screening of the open ones.
    create index sanctions_hold_by_status on sanctions_hold (status, opened_at, id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table sanctions_hold, sanctions_entry, sanctions_list_version`.execute(db);
}
