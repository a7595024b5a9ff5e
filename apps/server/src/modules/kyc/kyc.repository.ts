import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { KycApplicationState, KycApplicationTable, KycLevelLimitTable, KycUploadTable } from './kyc.schema';

// The SQL on the kyc module's tables: applications, uploads, level limits and webhook deliveries.

export type KycApplicationRow = Selectable<KycApplicationTable>;
export type KycUploadRow = Selectable<KycUploadTable>;
export type KycLevelLimitRow = Selectable<KycLevelLimitTable>;

/** The newest application of each level of a customer. */
export async function latestApplications(db: Db, userId: string): Promise<KycApplicationRow[]> {
  return db
    .selectFrom('kyc_application')
    .selectAll()
    .distinctOn('level')
    .where('user_id', '=', userId)
    .orderBy('level')
    .orderBy('id', 'desc')
    .execute();
}

/** Every application of a customer, newest first. */
export function applicationsOf(db: Db, userId: string): Promise<KycApplicationRow[]> {
  return db.selectFrom('kyc_application').selectAll().where('user_id', '=', userId).orderBy('id', 'desc').limit(50).execute();
}

export function findApplication(db: Db, id: string): Promise<KycApplicationRow | undefined> {
  return db.selectFrom('kyc_application').selectAll().where('id', '=', id).executeTakeFirst();
}

/** An application locked for a decision in the caller's transaction. */
export function lockApplication(db: Db, id: string): Promise<KycApplicationRow | undefined> {
  return db.selectFrom('kyc_application').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function findApplicationBySession(db: Db, provider: string, sessionId: string): Promise<KycApplicationRow | undefined> {
  return db
    .selectFrom('kyc_application')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_session_id', '=', sessionId)
    .executeTakeFirst();
}

/**
 * Opens an application; `undefined` when the customer already has an open one of that level
 * (the partial unique index decides, so two racing submissions open one).
 */
export async function insertApplication(db: Db, values: Insertable<KycApplicationTable>): Promise<KycApplicationRow | undefined> {
  return db
    .insertInto('kyc_application')
    .values(values)
    .onConflict((conflict) => conflict.columns(['user_id', 'level']).where('state', 'in', ['continue', 'verifying']).doNothing())
    .returningAll()
    .executeTakeFirst();
}

/**
 * Moves an application from one of `from` to `to` (with a decision when final); answers the
 * row as it is after, or `undefined` when it was not in `from` (decided meanwhile).
 */
export async function moveApplication(
  db: Db,
  id: string,
  from: readonly KycApplicationState[],
  to: KycApplicationState,
  decision: { by: string; reasonKey?: string | null; reason?: string | null } | null,
  extra: Partial<Pick<Insertable<KycApplicationTable>, 'provider_outcome' | 'rule_checks'>> = {},
): Promise<KycApplicationRow | undefined> {
  return db
    .updateTable('kyc_application')
    .set({
      state: to,
      updated_at: sql<Date>`now()`,
      ...(decision
        ? {
            decided_by: decision.by,
            decided_at: sql<Date>`now()`,
            reject_reason_key: decision.reasonKey ?? null,
            reject_reason: decision.reason ?? null,
          }
        : {}),
      ...extra,
    })
    .where('id', '=', id)
    .where('state', 'in', [...from])
    .returningAll()
    .executeTakeFirst();
}

/** The review queue: applications waiting for a person, oldest first. */
export async function reviewQueue(db: Db, page: number, pageSize: number): Promise<{ total: number; rows: KycApplicationRow[] }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('kyc_application')
      .selectAll()
      .where('state', '=', 'verifying')
      .orderBy('created_at')
      .orderBy('id')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('kyc_application')
      .select(sql<string>`count(*)`.as('total'))
      .where('state', '=', 'verifying')
      .executeTakeFirstOrThrow(),
  ]);
  return { total: Number(count.total), rows };
}

export function insertUpload(db: Db, values: Insertable<KycUploadTable>): Promise<KycUploadRow> {
  return db.insertInto('kyc_upload').values(values).returningAll().executeTakeFirstOrThrow();
}

/** An upload of this customer for this purpose; another customer's id answers nothing. */
export function findOwnUpload(db: Db, userId: string, id: string, purpose: KycUploadTable['purpose']): Promise<KycUploadRow | undefined> {
  return db
    .selectFrom('kyc_upload')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .executeTakeFirst();
}

export function findUpload(db: Db, id: string): Promise<KycUploadRow | undefined> {
  return db.selectFrom('kyc_upload').selectAll().where('id', '=', id).executeTakeFirst();
}

export function levelLimits(db: Db): Promise<KycLevelLimitRow[]> {
  return db.selectFrom('kyc_level_limit').selectAll().orderBy('level').execute();
}

export function setLevelLimit(
  db: Db,
  level: number,
  values: { withdrawalDailyUsd: string; tradeMaxUsd: string },
  by: string,
): Promise<KycLevelLimitRow | undefined> {
  return db
    .updateTable('kyc_level_limit')
    .set({
      withdrawal_daily_usd: values.withdrawalDailyUsd,
      trade_max_usd: values.tradeMaxUsd,
      updated_by: by,
      updated_at: sql<Date>`now()`,
    })
    .where('level', '=', level)
    .returningAll()
    .executeTakeFirst();
}

/** Takes a webhook delivery once: `false` when it was taken before (a replay or a re-delivery). */
export async function takeDelivery(db: Db, delivery: { deliveryId: string; provider: string; sessionId: string }): Promise<boolean> {
  const row = await db
    .insertInto('kyc_webhook_delivery')
    .values({ delivery_id: delivery.deliveryId, provider: delivery.provider, session_id: delivery.sessionId })
    .onConflict((conflict) => conflict.column('delivery_id').doNothing())
    .returning('delivery_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** The open application (`continue` or `verifying`) of a customer's level, if any. */
export function findOpenApplication(db: Db, userId: string, level: number): Promise<KycApplicationRow | undefined> {
  return db
    .selectFrom('kyc_application')
    .selectAll()
    .where('user_id', '=', userId)
    .where('level', '=', level)
    .where('state', 'in', ['continue', 'verifying'])
    .executeTakeFirst();
}

/**
 * Binds an application still in `continue` to a (new) provider session, only while it is still
 * bound to `expected` (compare-and-set in one statement): `undefined` when another start bound
 * another session meanwhile, or the application moved on.
 */
export async function bindProviderSession(
  db: Db,
  id: string,
  expected: string | null,
  session: { provider: string; sessionId: string; data: object },
): Promise<KycApplicationRow | undefined> {
  return db
    .updateTable('kyc_application')
    .set({
      provider: session.provider,
      provider_session_id: session.sessionId,
      data: JSON.stringify(session.data),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .where('state', '=', 'continue')
    .where('provider_session_id', 'is not distinct from', expected)
    .returningAll()
    .executeTakeFirst();
}

/** The application of a provider session, locked for the webhook's decision. */
export function lockApplicationBySession(db: Db, provider: string, sessionId: string): Promise<KycApplicationRow | undefined> {
  return db
    .selectFrom('kyc_application')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_session_id', '=', sessionId)
    .forUpdate()
    .executeTakeFirst();
}

/** The last-six digest of the customer's verified basic-level ID number. */
export async function verifiedIdDigest(db: Db, userId: string): Promise<string | null> {
  const row = await db
    .selectFrom('kyc_application')
    .select('id_last6_digest')
    .where('user_id', '=', userId)
    .where('level', '=', 1)
    .where('state', '=', 'verified')
    .executeTakeFirst();
  return row?.id_last6_digest ?? null;
}

/** The customer's verified basic-level application (the reviewer compares it with a later level's document and video). */
export function verifiedBasicApplication(db: Db, userId: string): Promise<KycApplicationRow | undefined> {
  return db
    .selectFrom('kyc_application')
    .selectAll()
    .where('user_id', '=', userId)
    .where('level', '=', 1)
    .where('state', '=', 'verified')
    .executeTakeFirst();
}
