import type { Db } from '../../platform/db/database';

// The SQL of the dashboard's trend on `wallet_daily_snapshot`.

/** The customer's newest daily snapshots, at most `days`, newest first. */
export function newestSnapshots(executor: Db, userId: string, days: number) {
  return executor
    .selectFrom('wallet_daily_snapshot')
    .select(['day', 'usd_cents', 'cny_cents'])
    .where('user_id', '=', userId)
    .orderBy('day', 'desc')
    .limit(days)
    .execute();
}

/** Today's snapshot of one customer; a second one the same day is ignored. */
export async function insertSnapshot(
  executor: Db,
  snapshot: { user_id: string; day: string; usd_cents: string; cny_cents: string },
): Promise<void> {
  await executor
    .insertInto('wallet_daily_snapshot')
    .values(snapshot)
    .onConflict((conflict) => conflict.columns(['user_id', 'day']).doNothing())
    .execute();
}
