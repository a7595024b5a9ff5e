import { sql, type Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import { apiKeyChangedChannel } from './apikeys.migration';
import type { ApiKeyTables, StoredKeySettings } from './apikeys.schema';

// The module's only SQL: keys, pending changes and nonces.

export type ApiKeyRow = Selectable<ApiKeyTables['api_key']>;
export type ApiKeyChangeRow = Selectable<ApiKeyTables['api_key_change']>;

/** First half of the advisory lock serialising one customer's key creations and pending changes (the most of each). */
const customerKeysLockNamespace = 727_216;

/** A live (not deleted) key by its access key: what a signed request is checked against. */
export function findLiveKeyByAccessKey(db: Db, accessKey: string): Promise<ApiKeyRow | undefined> {
  return db.selectFrom('api_key').selectAll().where('access_key', '=', accessKey).where('deleted_at', 'is', null).executeTakeFirst();
}

export function findLiveKey(db: Db, userId: string, accessKey: string): Promise<ApiKeyRow | undefined> {
  return db
    .selectFrom('api_key')
    .selectAll()
    .where('user_id', '=', userId)
    .where('access_key', '=', accessKey)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
}

export function listLiveKeys(db: Db, userId: string): Promise<ApiKeyRow[]> {
  return db.selectFrom('api_key').selectAll().where('user_id', '=', userId).where('deleted_at', 'is', null).orderBy('id').execute();
}

export async function countLiveKeys(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('api_key')
    .select(sql<string>`count(*)`.as('n'))
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function isPublicKeyLive(db: Db, raw: Buffer): Promise<boolean> {
  const row = await db
    .selectFrom('api_key')
    .select('id')
    .where('public_key_raw', '=', raw)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Stores a pending change unless the customer already holds `maxOpen` open ones (not spent,
 * not expired); answers its expiry, or undefined when the cap is reached. The customer's key
 * lock is taken first, so the count and the insert are one statement that sees every change a
 * racing request committed before it: however many race, at most `maxOpen` are open.
 */
export async function insertChangeWithinCap(
  trx: Db,
  values: {
    changeId: string;
    userId: string;
    kind: 'create' | 'edit' | 'delete';
    apiKeyId: string | null;
    settings: StoredKeySettings;
    fundPasswordRequired: boolean;
  },
  limits: { lifetimeMinutes: number; maxOpen: number },
): Promise<Date | undefined> {
  await lockCustomerKeys(trx, values.userId);
  const result = await sql<{ expires_at: Date }>`
    insert into api_key_change (change_id, user_id, kind, api_key_id, settings, fund_password_required, expires_at)
    select ${values.changeId}, ${values.userId}, ${values.kind}, ${values.apiKeyId}, ${JSON.stringify(values.settings)}::jsonb,
      ${values.fundPasswordRequired}, now() + make_interval(mins => ${limits.lifetimeMinutes})
    where (
      select count(*) from api_key_change
      where user_id = ${values.userId} and consumed_at is null and expires_at > now()
    ) < ${limits.maxOpen}
    returning expires_at
  `.execute(trx);
  return result.rows[0]?.expires_at;
}

/** The customer's open change (not spent, not expired); a read only, it spends nothing. */
export function findOpenChange(db: Db, userId: string, changeId: string): Promise<ApiKeyChangeRow | undefined> {
  return db
    .selectFrom('api_key_change')
    .selectAll()
    .where('change_id', '=', changeId)
    .where('user_id', '=', userId)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** Spends the customer's open change in one statement: of two racing requests one gets it. */
export function consumeChange(trx: Db, userId: string, changeId: string): Promise<ApiKeyChangeRow | undefined> {
  return trx
    .updateTable('api_key_change')
    .set({ consumed_at: sql<Date>`now()` })
    .where('change_id', '=', changeId)
    .where('user_id', '=', userId)
    .where('consumed_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .returningAll()
    .executeTakeFirst();
}

/** Serialises one customer's key creations and pending changes until the transaction ends. */
export async function lockCustomerKeys(trx: Db, userId: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(${customerKeysLockNamespace}, hashtext(${userId}))`.execute(trx);
}

export function insertKey(
  trx: Db,
  values: { userId: string; accessKey: string; publicKeyText: string; publicKeyRaw: Buffer; settings: StoredKeySettings },
): Promise<ApiKeyRow> {
  return trx
    .insertInto('api_key')
    .values({
      user_id: values.userId,
      access_key: values.accessKey,
      label: values.settings.label,
      public_key_text: values.publicKeyText,
      public_key_raw: values.publicKeyRaw,
      rights: values.settings.rights,
      ips: values.settings.ips,
      withdraw_daily_cents: values.settings.withdrawDailyCents,
      withdraw_address_ids: values.settings.withdrawAddressIds,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function updateKey(trx: Db, userId: string, keyId: string, settings: StoredKeySettings): Promise<ApiKeyRow | undefined> {
  return trx
    .updateTable('api_key')
    .set({
      label: settings.label,
      rights: settings.rights,
      ips: settings.ips,
      withdraw_daily_cents: settings.withdrawDailyCents,
      withdraw_address_ids: settings.withdrawAddressIds,
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', keyId)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export function deleteKey(trx: Db, userId: string, keyId: string): Promise<ApiKeyRow | undefined> {
  return trx
    .updateTable('api_key')
    .set({ deleted_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
    .where('id', '=', keyId)
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

/** Tells every node's key cache, when the transaction commits, that this key changed. */
export async function announceKeyChange(trx: Db, accessKey: string): Promise<void> {
  await sql`select pg_notify(${apiKeyChangedChannel}, ${accessKey})`.execute(trx);
}

/**
 * Records the nonces of signed requests, one statement for many (group commit); answers which
 * were new. A nonce a key already used is refused by the primary key.
 */
export async function insertNonces(db: Db, nonces: ReadonlyArray<{ apiKeyId: string; nonce: string }>): Promise<Set<string>> {
  const rows = await db
    .insertInto('api_key_nonce')
    .values(nonces.map((entry) => ({ api_key_id: entry.apiKeyId, nonce: entry.nonce })))
    .onConflict((conflict) => conflict.doNothing())
    .returning(['api_key_id', 'nonce'])
    .execute();
  return new Set(rows.map((row) => `${row.api_key_id}:${row.nonce}`));
}

/** Forgets nonces older than the signing window (with a margin): their timestamps are refused anyway. */
export async function purgeNonces(db: Db, olderThanSeconds: number): Promise<number> {
  const result = await db
    .deleteFrom('api_key_nonce')
    .where('created_at', '<', sql<Date>`now() - make_interval(secs => ${olderThanSeconds})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function purgeSpentChanges(db: Db): Promise<void> {
  await db
    .deleteFrom('api_key_change')
    .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
}

/** Marks a key used (at most about once a minute per node, by the caller). */
export async function touchKey(db: Db, keyId: string): Promise<void> {
  await db
    .updateTable('api_key')
    .set({ last_used_at: sql<Date>`now()` })
    .where('id', '=', keyId)
    .execute();
}
