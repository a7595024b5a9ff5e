import type { CaptchaPurpose } from '@coffer/contract';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';

/** The SQL of the captcha's spent solutions and tokens. */
export interface CaptchaRepository {
  /** Records a solution or token as spent; false when it already was (one insert wins a race). */
  spend(row: { key: string; purpose: CaptchaPurpose; expiresAt: Date }): Promise<boolean>;
  /** Deletes rows whose solution or token has expired (it is refused by its expiry from then on); answers how many. */
  purgeExpired(): Promise<number>;
}

export function createCaptchaRepository(db: Db): CaptchaRepository {
  return {
    async spend(row) {
      const inserted = await db
        .insertInto('captcha_spent')
        .values({ spent_key: row.key, purpose: row.purpose, expires_at: row.expiresAt })
        .onConflict((conflict) => conflict.column('spent_key').doNothing())
        .returning('spent_key')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    async purgeExpired() {
      const deleted = await db
        .deleteFrom('captcha_spent')
        .where('expires_at', '<', sql<Date>`now() - interval '1 minute'`)
        .executeTakeFirst();
      return Number(deleted.numDeletedRows);
    },
  };
}
