import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';

export interface PasskeyRow {
  id: string;
  user_id: string;
  credential_id: string;
  public_key: Buffer;
  counter: string;
  transports: string[];
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

const challengeMinutes = 5;

/** The SQL of passkeys and their challenges (`passkey.migration.ts`). */
export const passkeyRepository = {
  listOf(db: Db, userId: string): Promise<PasskeyRow[]> {
    return db.selectFrom('passkey').selectAll().where('user_id', '=', userId).orderBy('id').execute();
  },

  async hasAny(db: Db, userId: string): Promise<boolean> {
    const row = await db.selectFrom('passkey').select('id').where('user_id', '=', userId).limit(1).executeTakeFirst();
    return row !== undefined;
  },

  async holdersAmong(db: Db, userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await db
      .selectFrom('passkey')
      .select('user_id')
      .distinct()
      .where('user_id', 'in', [...userIds])
      .execute();
    return new Set(rows.map((row) => row.user_id));
  },

  findByCredential(db: Db, userId: string, credentialId: string): Promise<PasskeyRow | undefined> {
    return db.selectFrom('passkey').selectAll().where('user_id', '=', userId).where('credential_id', '=', credentialId).executeTakeFirst();
  },

  /**
   * Adds a passkey unless the customer already has `max`: the count and the insert are one
   * statement under a lock on the customer's row, so racing registrations cannot pass the
   * limit; a credential id taken (by anyone, in a race too) is left alone by the unique index.
   * Answers the row, `'limit'`, or `'duplicate'` when the credential is registered.
   */
  async insertWithin(
    trx: Db,
    row: { userId: string; credentialId: string; publicKey: Buffer; counter: number; transports: string[]; name: string },
    max: number,
  ): Promise<PasskeyRow | 'limit' | 'duplicate'> {
    await trx.selectFrom('app_user').select('id').where('id', '=', row.userId).forUpdate().executeTakeFirst();
    const inserted = await sql<PasskeyRow>`
      insert into passkey (user_id, credential_id, public_key, counter, transports, name)
      select ${row.userId}, ${row.credentialId}, ${row.publicKey}, ${row.counter}, ${sql.val(row.transports)}::text[], ${row.name}
      where (select count(*) from passkey where user_id = ${row.userId}) < ${max}
      on conflict (credential_id) do nothing
      returning *`.execute(trx);
    if (inserted.rows[0]) return inserted.rows[0];
    const taken = await trx.selectFrom('passkey').select('id').where('credential_id', '=', row.credentialId).executeTakeFirst();
    return taken ? 'duplicate' : 'limit';
  },

  async rename(db: Db, userId: string, id: string, name: string): Promise<boolean> {
    const result = await db.updateTable('passkey').set({ name }).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return result.numUpdatedRows === 1n;
  },

  async remove(trx: Db, userId: string, id: string): Promise<boolean> {
    const result = await trx.deleteFrom('passkey').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return result.numDeletedRows === 1n;
  },

  /**
   * Moves the signature counter forward and stamps the use; false when the stored counter is
   * already at or past it (a cloned authenticator or a replay). Authenticators that keep no
   * counter report 0 every time, which stays allowed while the stored one is 0 too.
   */
  async advanceCounter(trx: Db, id: string, counter: number): Promise<boolean> {
    const result = await trx
      .updateTable('passkey')
      .set({ counter, last_used_at: sql<Date>`now()` })
      .where('id', '=', id)
      .where(sql<boolean>`counter < ${counter} or (counter = 0 and ${counter}::bigint = 0)`)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  },

  async insertChallenge(db: Db, userId: string, purpose: string, challenge: string): Promise<void> {
    await db
      .insertInto('passkey_challenge')
      .values({ user_id: userId, purpose, challenge, expires_at: sql<Date>`now() + make_interval(mins => ${challengeMinutes})` })
      .execute();
  },

  /** Deletes the challenges past their lifetime (refused from then on, spent or not); answers how many. */
  async purgeExpiredChallenges(db: Db): Promise<number> {
    const deleted = await db
      .deleteFrom('passkey_challenge')
      .where('expires_at', '<', sql<Date>`now()`)
      .executeTakeFirst();
    return Number(deleted.numDeletedRows);
  },

  /** Spends a live challenge of this customer and purpose in one conditional update; false when there is none. */
  async consumeChallenge(db: Db, userId: string, purpose: string, challenge: string): Promise<boolean> {
    const result = await db
      .updateTable('passkey_challenge')
      .set({ used_at: sql<Date>`now()` })
      .where('challenge', '=', challenge)
      .where('user_id', '=', userId)
      .where('purpose', '=', purpose)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();
    return result.numUpdatedRows === 1n;
  },
};
