import { isRecordId, normaliseEmail } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import {
  clearCustomerLock,
  findCustomer,
  findCustomerForUpdate,
  findCustomersByKey,
  setCustomerLock,
  type CustomerKey,
  type CustomerRow,
} from './customer-admin.repository';
import type { IdentityDeps } from './identity-core';
import { identityError } from './identity.errors';
import { historyRows } from './security.repository';

/** A customer as the back office sees the account: no secret, only whether one is set. */
export interface CustomerFacts {
  userId: string;
  userNo: string;
  email: string | null;
  /** The whole number, `+<dial code><number>`. */
  phone: string | null;
  residenceCountry: string;
  /** Registered as a person or as an enterprise (only enterprises apply for custody). */
  accountKind: 'personal' | 'enterprise';
  kycLevel: number;
  fundPasswordSet: boolean;
  authenticatorBound: boolean;
  lastLoginAt: Date | null;
  /** The end of a running 24-hour withdrawal lock after a security change; null when none runs. */
  withdrawLockedUntil: Date | null;
  createdAt: Date;
  /** The back office's lock: no login, no session, no money moves. */
  lock: { at: Date; by: string; reason: string } | null;
}

/** A lock or unlock: whether it changed the account (locking a locked customer changes nothing), and the account before and after. */
export interface CustomerLockChange {
  changed: boolean;
  before: CustomerFacts;
  after: CustomerFacts;
}

export interface CustomerHistoryEntry {
  at: Date;
  status: 'success' | 'failed';
  ip: string;
  device: string;
  location: string;
}

/** What the back office asks of identity about customers (through `IdentityApi`). */
export interface CustomerAdminApi {
  /** At most 20 customers named by user number (`CF` optional), id, e-mail (any case) or phone (with or without the dial code). */
  searchCustomers(query: string): Promise<CustomerFacts[]>;
  /** One customer; userNotFound when there is none. */
  customerFacts(userId: string): Promise<CustomerFacts>;
  /**
   * Locks the customer on `executor` (the caller's transaction, so the lock and its audit record
   * commit together; else a transaction of its own) and ends every live session of theirs in the
   * same transaction. The row is locked first, so of concurrent locks one changes it.
   */
  lockCustomer(executor: Db, userId: string, lock: { by: string; reason: string }): Promise<CustomerLockChange>;
  /** Lifts the lock, likewise; sessions ended by the lock stay ended. */
  unlockCustomer(executor: Db, userId: string): Promise<CustomerLockChange>;
  /** The newest rows of the customer's security history (spec §9 operation codes). */
  securityHistory(userId: string, limit: number): Promise<Array<CustomerHistoryEntry & { operation: number }>>;
  /** The newest rows of the customer's login history. */
  loginHistory(userId: string, limit: number): Promise<CustomerHistoryEntry[]>;
}

const maxSearchResults = 20;

/** The key a search text names, or null when it can name no customer. */
export function customerKeyOf(query: string): CustomerKey | null {
  const text = query.trim();
  if (text.includes('@')) return { kind: 'email', email: normaliseEmail(text) };
  const compact = text.replace(/[\s().-]/g, '').replace(/^cf(?=\d{8}$)/i, '');
  if (/^\+\d{4,18}$/.test(compact)) return { kind: 'fullPhone', fullPhone: compact };
  if (/^\d{1,19}$/.test(compact)) return { kind: 'digits', digits: compact, id: isRecordId(compact) ? compact : null };
  return null;
}

function factsOf(row: CustomerRow): CustomerFacts {
  const withdrawLockedUntil = row.withdraw_locked_until && row.withdraw_locked_until > new Date() ? row.withdraw_locked_until : null;
  return {
    userId: row.id,
    userNo: row.user_no,
    email: row.email,
    phone: row.phone && row.phone_dial_code ? `+${row.phone_dial_code}${row.phone}` : null,
    residenceCountry: row.residence_country,
    accountKind: row.account_kind,
    kycLevel: row.kyc_level,
    fundPasswordSet: row.has_fund_password,
    authenticatorBound: row.has_authenticator,
    lastLoginAt: row.last_login_at,
    withdrawLockedUntil,
    createdAt: row.created_at,
    lock: row.locked_at && row.locked_by && row.lock_reason ? { at: row.locked_at, by: row.locked_by, reason: row.lock_reason } : null,
  };
}

function historyEntryOf(row: { created_at: Date; status: 'success' | 'failed'; ip: string; device: string; location: string }) {
  return { at: row.created_at, status: row.status, ip: row.ip, device: row.device, location: row.location };
}

export function createCustomerAdmin(deps: Pick<IdentityDeps, 'db' | 'sessions'>): CustomerAdminApi {
  const { db, sessions } = deps;

  /** Runs `change` on the customer's row, locked for update, inside the caller's transaction (or one of its own). */
  function changeLocked(executor: Db, userId: string, change: (trx: Db, row: CustomerRow) => Promise<CustomerRow | null>) {
    const run = async (trx: Db): Promise<CustomerLockChange> => {
      const row = await findCustomerForUpdate(trx, userId);
      if (!row) throw identityError('userNotFound');
      const changed = await change(trx, row);
      return { changed: changed !== null, before: factsOf(row), after: factsOf(changed ?? row) };
    };
    return executor.isTransaction ? run(executor) : executor.transaction().execute(run);
  }

  return {
    async searchCustomers(query) {
      const key = customerKeyOf(query);
      return key ? (await findCustomersByKey(db, key, maxSearchResults)).map(factsOf) : [];
    },

    async customerFacts(userId) {
      const row = await findCustomer(db, userId);
      if (!row) throw identityError('userNotFound');
      return factsOf(row);
    },

    lockCustomer: (executor, userId, lock) =>
      changeLocked(executor, userId, async (trx, row) => {
        if (row.locked_at !== null) return null;
        const locked = await setCustomerLock(trx, userId, lock);
        await sessions.endAllOthers(userId, null, trx);
        return locked;
      }),

    unlockCustomer: (executor, userId) =>
      changeLocked(executor, userId, async (trx, row) => (row.locked_at === null ? null : clearCustomerLock(trx, userId))),

    async securityHistory(userId, limit) {
      const rows = await historyRows(db, 'security_history', userId, { pageNo: 1, pageSize: limit });
      return rows.map((row) => ({ ...historyEntryOf(row), operation: row.operation ?? 0 }));
    },

    async loginHistory(userId, limit) {
      return (await historyRows(db, 'login_history', userId, { pageNo: 1, pageSize: limit })).map(historyEntryOf);
    },
  };
}
