import { type Kysely, sql } from 'kysely';

/**
 * Fences a tenant table (docs/ARCHITECTURE.md, "Tenants"): row-level security on, one policy
 * that shows and accepts only the rows of the organisation set for the transaction
 * (`coffer.org_id`, none when unset), and, given `privileges` (e.g. `select, insert, update`),
 * those privileges for the console role. The custody migrations fence each of their tables here.
 */
export async function fenceTenantTable(db: Kysely<unknown>, table: string, privileges?: string): Promise<void> {
  await sql`
    alter table ${sql.table(table)} enable row level security;
    create policy tenant on ${sql.table(table)}
      using (org_id = nullif(current_setting('coffer.org_id', true), '')::bigint)
      with check (org_id = nullif(current_setting('coffer.org_id', true), '')::bigint);
  `.execute(db);
  if (privileges) await sql`grant ${sql.raw(privileges)} on ${sql.table(table)} to coffer_console`.execute(db);
}
