import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';

// The SQL of forgot password over `password_reset`: a reset token's MAC, found and spent once.

/** A reset token's MAC, valid for `minutes`. */
export async function insertPasswordReset(db: Db, userId: string, tokenHash: string, minutes: number): Promise<void> {
  await db
    .insertInto('password_reset')
    .values({
      user_id: userId,
      token_hash: tokenHash,
      expires_at: sql<Date>`now() + make_interval(mins => ${minutes})`,
    })
    .execute();
}

/** The unspent, unexpired reset with this token MAC. */
export function findLivePasswordReset(db: Db, tokenHash: string): Promise<{ id: string; user_id: string } | undefined> {
  return db
    .selectFrom('password_reset')
    .select(['id', 'user_id'])
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** Spends a reset once; false when it was already spent. */
export async function spendPasswordReset(trx: Db, id: string): Promise<boolean> {
  const spent = await trx
    .updateTable('password_reset')
    .set({ used_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return spent.numUpdatedRows === 1n;
}
