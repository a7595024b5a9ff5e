import { type Kysely, sql } from 'kysely';

/**
 * 0048's index of the counted orders, led by the organisation: the row-level security policy's
 * `org_id = coffer.org_id` becomes a condition of the index scan, evaluated once, instead of a
 * filter evaluated on each of a month's orders (bench/custody/policy-bench.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index custody_withdrawal_order_counted_fenced on custody_withdrawal_order (org_id, line_id, asset, created_at)
      include (amount, id) where state in ('pending_review', 'reviewing', 'sending', 'approved');
    drop index custody_withdrawal_order_counted;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index custody_withdrawal_order_counted on custody_withdrawal_order (line_id, asset, created_at) include (amount, org_id, id)
      where state in ('pending_review', 'reviewing', 'sending', 'approved');
    drop index custody_withdrawal_order_counted_fenced;
  `.execute(db);
}
