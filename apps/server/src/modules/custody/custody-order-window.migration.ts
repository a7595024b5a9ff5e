import { type Kysely, sql } from 'kysely';

/**
 * The policy engine's limit windows (issue 18 item 4) read from one index alone: the counted
 * orders of a line and coin in the last 30 days (`readPolicyRows`), with their amounts and the
 * organisation the row-level security policy compares, answered by an index-only scan of the
 * counted states instead of visiting every order's row of the month (bench/custody/policy-bench.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index custody_withdrawal_order_counted on custody_withdrawal_order (line_id, asset, created_at) include (amount, org_id, id)
      where state in ('pending_review', 'reviewing', 'sending', 'approved')
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index custody_withdrawal_order_counted`.execute(db);
}
