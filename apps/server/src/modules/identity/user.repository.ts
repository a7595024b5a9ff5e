import { sql, type Insertable, type RawBuilder, type Selectable, type SqlBool } from 'kysely';
import type { Db } from '../../platform/db/database';
import type { AppUserTable } from './identity.schema';

export type UserRow = Selectable<AppUserTable>;

/** Account lookups (the only reads of `app_user` by key). */
export interface UserRepository {
  findById(id: string): Promise<UserRow | undefined>;
  findByEmail(email: string): Promise<UserRow | undefined>;
  findByPhone(dialCode: string, phone: string): Promise<UserRow | undefined>;
  findByInviteCode(inviteCode: string): Promise<UserRow | undefined>;
  findByUserNo(userNo: string): Promise<UserRow | undefined>;
  /** By the whole number as `+<dial code><number>`. */
  findByFullPhone(fullPhone: string): Promise<UserRow | undefined>;
}

/** The reads of `app_user` by key (its writes follow, as functions). */
export function createUserRepository(db: Db): UserRepository {
  const selectUser = () => db.selectFrom('app_user').selectAll();
  return {
    findById: (id: string) => selectUser().where('id', '=', id).executeTakeFirst(),
    findByEmail: (email: string) => selectUser().where('email', '=', email).executeTakeFirst(),
    findByPhone: (dialCode: string, phone: string) =>
      selectUser().where('phone_dial_code', '=', dialCode).where('phone', '=', phone).executeTakeFirst(),
    findByInviteCode: (inviteCode: string) => selectUser().where('invite_code', '=', inviteCode).executeTakeFirst(),
    findByUserNo: (userNo: string) => selectUser().where('user_no', '=', userNo).executeTakeFirst(),
    findByFullPhone: (fullPhone: string) =>
      selectUser()
        .where(sql<string>`'+' || phone_dial_code || phone`, '=', fullPhone)
        .executeTakeFirst(),
  };
}

// The writes to `app_user`, each on the executor it is given (`db`, or the caller's transaction).

/** Spec §4: any security change blocks withdrawals for 24 hours. */
const withdrawLockUntil = sql<Date>`now() + interval '24 hours'`;

/** Creates an account unless a unique key (address, user number, invite code) is taken; its id, or undefined. */
export function insertUserUnlessTaken(trx: Db, user: Insertable<AppUserTable>): Promise<{ id: string } | undefined> {
  return trx
    .insertInto('app_user')
    .values(user)
    .onConflict((conflict) => conflict.doNothing())
    .returning('id')
    .executeTakeFirst();
}

export async function setFiat(db: Db, userId: string, fiat: 'USD' | 'CNY'): Promise<void> {
  await db.updateTable('app_user').set({ fiat }).where('id', '=', userId).execute();
}

/**
 * The condition of every authenticator-step claim (customers' and operators'): the row's
 * `totp_last_step` is unset or earlier than `step`, so a code is accepted once.
 */
export function isLaterTotpStep(step: number): RawBuilder<SqlBool> {
  return sql<SqlBool>`(totp_last_step is null or totp_last_step < ${String(step)})`;
}

/** Claims an authenticator step later than the last used one; false when it was not later. */
export async function claimTotpStep(trx: Db, userId: string, step: number): Promise<boolean> {
  const claimed = await trx
    .updateTable('app_user')
    .set({ totp_last_step: step })
    .where('id', '=', userId)
    .where(isLaterTotpStep(step))
    .executeTakeFirst();
  return claimed.numUpdatedRows === 1n;
}

/** Binds an authenticator's encrypted secret, with the step its binding code used. */
export async function setAuthenticator(trx: Db, userId: string, secretEncrypted: string, lastStep: number): Promise<void> {
  await trx
    .updateTable('app_user')
    .set({ totp_secret_encrypted: secretEncrypted, totp_last_step: lastStep })
    .where('id', '=', userId)
    .execute();
}

export async function setEmail(trx: Db, userId: string, email: string): Promise<void> {
  await trx.updateTable('app_user').set({ email }).where('id', '=', userId).execute();
}

export async function setPhone(trx: Db, userId: string, phone: { phone: string; dialCode: string; country: string }): Promise<void> {
  await trx
    .updateTable('app_user')
    .set({ phone: phone.phone, phone_dial_code: phone.dialCode, phone_country: phone.country })
    .where('id', '=', userId)
    .execute();
}

export async function setFundPasswordHash(trx: Db, userId: string, fundPasswordHash: string): Promise<void> {
  await trx.updateTable('app_user').set({ fund_password_hash: fundPasswordHash }).where('id', '=', userId).execute();
}

export async function setPasswordHash(trx: Db, userId: string, passwordHash: string): Promise<void> {
  await trx.updateTable('app_user').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/** A reset login password, locking withdrawals for 24 hours in the same statement. */
export async function resetPasswordHash(trx: Db, userId: string, passwordHash: string): Promise<void> {
  await trx
    .updateTable('app_user')
    .set({ password_hash: passwordHash, withdraw_locked_until: withdrawLockUntil })
    .where('id', '=', userId)
    .execute();
}

/** Locks withdrawals for 24 hours from now. */
export async function lockWithdrawals(trx: Db, userId: string): Promise<void> {
  await trx.updateTable('app_user').set({ withdraw_locked_until: withdrawLockUntil }).where('id', '=', userId).execute();
}

/**
 * Sets the customer's verified KYC level (the kyc module's decision, in its transaction). A
 * level only rises here; answers whether the row changed.
 */
/** Whom these ids name, for lists: number, e-mail and phone of each, in one query. */
export function describedUsers(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('app_user')
    .select(['id', 'user_no', 'email', 'phone'])
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/**
 * The verified KYC level, its row locked in the caller's transaction until it ends: a decision
 * made on it (the kyc module's KYC1) sees every decision before it.
 */
export async function lockedKycLevel(trx: Db, userId: string): Promise<number | undefined> {
  const row = await trx.selectFrom('app_user').select('kyc_level').where('id', '=', userId).forNoKeyUpdate().executeTakeFirst();
  return row?.kyc_level;
}

export async function raiseKycLevel(trx: Db, userId: string, level: number): Promise<boolean> {
  const result = await trx
    .updateTable('app_user')
    .set({ kyc_level: level })
    .where('id', '=', userId)
    .where('kyc_level', '<', level)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
