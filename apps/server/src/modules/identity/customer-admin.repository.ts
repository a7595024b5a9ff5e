import { sql } from 'kysely';
import type { Db } from '../../platform/db/database';

// The SQL of the back office's customer calls on `app_user`: the search by key, the facts of one
// customer, and the lock. Each takes the executor it runs on (the pool or the caller's transaction).

/** How a search names customers; each form is answered from an index (`customer-lock.migration.ts`). */
export type CustomerKey =
  | { kind: 'email'; email: string }
  /** `+<dial code><number>`. */
  | { kind: 'fullPhone'; fullPhone: string }
  /** Digits alone: a user number, a number without its dial code, a whole number without `+`, or the id (when it can be one). */
  | { kind: 'digits'; digits: string; id: string | null };

/** What the back office reads of an account: never a secret, only whether one is set. */
export interface CustomerRow {
  id: string;
  user_no: string;
  email: string | null;
  phone_dial_code: string | null;
  phone: string | null;
  residence_country: string;
  kyc_level: number;
  has_fund_password: boolean;
  has_authenticator: boolean;
  last_login_at: Date | null;
  withdraw_locked_until: Date | null;
  created_at: Date;
  locked_at: Date | null;
  locked_by: string | null;
  lock_reason: string | null;
  account_kind: 'personal' | 'enterprise';
}

const fullPhone = sql<string>`'+' || phone_dial_code || phone`;

const customerColumns = [
  'id',
  'user_no',
  'email',
  'phone_dial_code',
  'phone',
  'residence_country',
  'account_kind',
  'kyc_level',
  sql<boolean>`fund_password_hash is not null`.as('has_fund_password'),
  sql<boolean>`totp_secret_encrypted is not null`.as('has_authenticator'),
  'last_login_at',
  'withdraw_locked_until',
  'created_at',
  'locked_at',
  'locked_by',
  'lock_reason',
] as const;

const selectCustomers = (db: Db) => db.selectFrom('app_user').select(customerColumns);

/** At most `limit` customers a key names, oldest account first. */
export function findCustomersByKey(db: Db, key: CustomerKey, limit: number): Promise<CustomerRow[]> {
  return selectCustomers(db)
    .where((eb) => {
      if (key.kind === 'email') return eb('email', '=', key.email);
      if (key.kind === 'fullPhone') return eb(fullPhone, '=', key.fullPhone);
      const byKey = [eb('user_no', '=', key.digits), eb('phone', '=', key.digits), eb(fullPhone, '=', `+${key.digits}`)];
      if (key.id !== null) byKey.push(eb('id', '=', key.id));
      return eb.or(byKey);
    })
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function findCustomer(db: Db, userId: string): Promise<CustomerRow | undefined> {
  return selectCustomers(db).where('id', '=', userId).executeTakeFirst();
}

/** The customer's row, locked against other writers until the caller's transaction ends. */
export function findCustomerForUpdate(trx: Db, userId: string): Promise<CustomerRow | undefined> {
  return selectCustomers(trx).where('id', '=', userId).forUpdate().executeTakeFirst();
}

export function setCustomerLock(trx: Db, userId: string, lock: { by: string; reason: string }): Promise<CustomerRow> {
  return trx
    .updateTable('app_user')
    .set({ locked_at: sql<Date>`now()`, locked_by: lock.by, lock_reason: lock.reason })
    .where('id', '=', userId)
    .returning(customerColumns)
    .executeTakeFirstOrThrow();
}

export function clearCustomerLock(trx: Db, userId: string): Promise<CustomerRow> {
  return trx
    .updateTable('app_user')
    .set({ locked_at: null, locked_by: null, lock_reason: null })
    .where('id', '=', userId)
    .returning(customerColumns)
    .executeTakeFirstOrThrow();
}
