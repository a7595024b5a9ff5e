import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';

/** One attempt count to read: a scope, whom it counts for and its window. */
export interface CountRead {
  scope: string;
  subject: string;
  windowMinutes: number;
}

/**
 * The counts of the current windows, in the order asked (0 for a subject without one or whose
 * window has passed); a lock that has run out counts as a fresh window, as the limiter does.
 */
export async function readRecentCounts(db: Db, reads: readonly CountRead[]): Promise<number[]> {
  return Promise.all(
    reads.map(async (read) => {
      const row = await db
        .selectFrom('attempt_counter')
        .select('failures')
        .where('scope', '=', read.scope)
        .where('subject', '=', read.subject)
        .where('window_started_at', '>=', sql<Date>`now() - make_interval(mins => ${read.windowMinutes})`)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '>', sql<Date>`now()`)]))
        .executeTakeFirst();
      return row?.failures ?? 0;
    }),
  );
}
