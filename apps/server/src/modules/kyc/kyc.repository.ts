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

/** An application by id; `forUpdate` locks it for a decision in the caller's transaction. */
export function findApplication(db: Db, id: string, options: { forUpdate?: boolean } = {}): Promise<KycApplicationRow | undefined> {
  const query = db.selectFrom('kyc_application').selectAll().where('id', '=', id);
  return (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

/** The application of a provider session; `forUpdate` locks it for the webhook's decision. */
export function findApplicationBySession(
  db: Db,
  provider: string,
  sessionId: string,
  options: { forUpdate?: boolean } = {},
): Promise<KycApplicationRow | undefined> {
  const query = db.selectFrom('kyc_application').selectAll().where('provider', '=', provider).where('provider_session_id', '=', sessionId);
  return (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
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

/** An upload of this customer (for this purpose, when given); another customer's id answers nothing. */
export function findOwnUpload(db: Db, userId: string, id: string, purpose?: KycUploadTable['purpose']): Promise<KycUploadRow | undefined> {
  const query = db.selectFrom('kyc_upload').selectAll().where('id', '=', id).where('user_id', '=', userId);
  return (purpose === undefined ? query : query.where('purpose', '=', purpose)).executeTakeFirst();
}

export function findUpload(db: Db, id: string): Promise<KycUploadRow | undefined> {
  return db.selectFrom('kyc_upload').selectAll().where('id', '=', id).executeTakeFirst();
}

export function levelLimits(db: Db): Promise<KycLevelLimitRow[]> {
  return db.selectFrom('kyc_level_limit').selectAll().orderBy('level').execute();
}

/**
 * Sets a level's limits in one statement, its row locked for the change: the row as it was and
 * as it is now, or `undefined` when there is no such level.
 */
export async function setLevelLimit(
  trx: Db,
  level: number,
  values: { withdrawalDailyUsd: string; tradeMaxUsd: string },
  by: string,
): Promise<{ before: KycLevelLimitRow; after: KycLevelLimitRow } | undefined> {
  const result = await sql<
    KycLevelLimitRow & {
      before_withdrawal_daily_usd: string;
      before_trade_max_usd: string;
      before_updated_at: Date;
      before_updated_by: string | null;
    }
  >`
    update kyc_level_limit l
       set withdrawal_daily_usd = ${values.withdrawalDailyUsd}, trade_max_usd = ${values.tradeMaxUsd}, updated_by = ${by}, updated_at = now()
      from (select level, withdrawal_daily_usd, trade_max_usd, updated_at, updated_by from kyc_level_limit where level = ${level} for update) old
     where l.level = old.level
    returning l.level, l.withdrawal_daily_usd, l.trade_max_usd, l.updated_at, l.updated_by,
              old.withdrawal_daily_usd as before_withdrawal_daily_usd, old.trade_max_usd as before_trade_max_usd,
              old.updated_at as before_updated_at, old.updated_by as before_updated_by`.execute(trx);
  const row = result.rows[0];
  if (!row) return undefined;
  return {
    before: {
      level: row.level,
      withdrawal_daily_usd: row.before_withdrawal_daily_usd,
      trade_max_usd: row.before_trade_max_usd,
      updated_at: row.before_updated_at,
      updated_by: row.before_updated_by,
    },
    after: {
      level: row.level,
      withdrawal_daily_usd: row.withdrawal_daily_usd,
      trade_max_usd: row.trade_max_usd,
      updated_at: row.updated_at,
      updated_by: row.updated_by,
    },
  };
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

/**
 * The customer's verified basic-level application: its country for a later level, its ID
 * number's last-six digest for the ID check, and for the reviewer to compare with a later
 * level's document and video.
 */
export function verifiedBasicApplication(db: Db, userId: string): Promise<KycApplicationRow | undefined> {
  return db
    .selectFrom('kyc_application')
    .selectAll()
    .where('user_id', '=', userId)
    .where('level', '=', 1)
    .where('state', '=', 'verified')
    .executeTakeFirst();
}
