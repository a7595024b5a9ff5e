import type { Db } from '../../platform/db/database';

// The SQL of the step-wise authenticator change: `authenticator_change` rows (identity's table).

export async function insertChangeTicket(db: Db, userId: string, ticketHash: string, lifetimeMinutes: number): Promise<void> {
  await db
    .insertInto('authenticator_change')
    .values({ user_id: userId, ticket_hash: ticketHash, expires_at: new Date(Date.now() + lifetimeMinutes * 60_000) })
    .execute();
}

/** The unspent, unexpired change of this ticket, only the owner's. */
export function findOpenChange(
  db: Db,
  userId: string,
  ticketHash: string,
): Promise<{ id: string; secret_encrypted: string | null } | undefined> {
  return db
    .selectFrom('authenticator_change')
    .select(['id', 'secret_encrypted'])
    .where('ticket_hash', '=', ticketHash)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
}

/** Stores the pending secret of an open change; false when the change is no longer open. */
export async function setPendingSecret(db: Db, changeId: string, secretEncrypted: string): Promise<boolean> {
  const row = await db
    .updateTable('authenticator_change')
    .set({ secret_encrypted: secretEncrypted })
    .where('id', '=', changeId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Spends an open change whose pending secret is still the one checked, with one conditional
 * update: of racing requests with one ticket, one wins.
 */
export async function spendChange(trx: Db, changeId: string, secretEncrypted: string): Promise<boolean> {
  const row = await trx
    .updateTable('authenticator_change')
    .set({ used_at: new Date() })
    .where('id', '=', changeId)
    .where('secret_encrypted', '=', secretEncrypted)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}
