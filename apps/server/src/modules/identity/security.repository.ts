import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { RequestFacts } from './request-facts';

// The SQL of the security settings and the histories: §9 security-history rows, the history
// pages, and the authenticator secrets the server offered (kept as `verification_code` rows).

export type HistoryTable = 'security_history' | 'login_history';

/** A §9 security-history row. */
export async function insertSecurityHistory(
  db: Db,
  userId: string,
  operation: number,
  facts: Pick<RequestFacts, 'device' | 'ip' | 'location'>,
  status: 'success' | 'failed' = 'success',
): Promise<void> {
  await db
    .insertInto('security_history')
    .values({ user_id: userId, operation, status, device: facts.device, ip: facts.ip, location: facts.location })
    .execute();
}

function historyOf(db: Db, table: HistoryTable, userId: string) {
  return db.selectFrom(table).where('user_id', '=', userId);
}

/** How many rows of a history a user has. */
export async function countHistory(db: Db, table: HistoryTable, userId: string): Promise<number> {
  const [{ total } = { total: '0' }] = await historyOf(db, table, userId)
    .select(sql<string>`count(*)`.as('total'))
    .execute();
  return Number(total);
}

/** One page of a user's history, newest first (the security history with its operation). */
export function historyRows(db: Db, table: HistoryTable, userId: string, page: { pageNo: number; pageSize: number }) {
  return historyOf(db, table, userId)
    .select(['id', 'created_at', 'device', 'status', 'ip', 'location'])
    .$if(table === 'security_history', (query) => query.select(sql<number>`operation`.as('operation')))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize)
    .execute();
}

/** A pending authenticator secret is bound to the user and expires with this MAC's check. */
export const pendingSecretPurpose = 'pending-authenticator';

/** Remembers an authenticator secret the server offered (its MAC), until `expiresAt`. */
export async function insertPendingSecret(db: Db, userId: string, secretMac: string, expiresAt: Date): Promise<void> {
  await db
    .insertInto('verification_code')
    .values({
      purpose: pendingSecretPurpose,
      channel: 'email',
      target: `user:${userId}`,
      user_id: userId,
      code_hash: secretMac,
      expires_at: expiresAt,
    })
    .execute();
}

/** The unspent, unexpired offer with this secret MAC. */
export function findPendingSecret(db: Db, userId: string, secretMac: string): Promise<{ id: string } | undefined> {
  return db
    .selectFrom('verification_code')
    .select('id')
    .where('purpose', '=', pendingSecretPurpose)
    .where('target', '=', `user:${userId}`)
    .where('code_hash', '=', secretMac)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
}

export async function spendPendingSecret(trx: Db, id: string): Promise<void> {
  await trx.updateTable('verification_code').set({ used_at: new Date() }).where('id', '=', id).execute();
}
