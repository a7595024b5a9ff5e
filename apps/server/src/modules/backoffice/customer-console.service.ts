import { fromBaseUnits, type CustomerProfile, type CustomerSummary } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import type { AssetsApi } from '../assets';
import type { AuditApi } from '../audit';
import type { CustomerLockChange, IdentityApi } from '../identity';
import type { KycApi } from '../kyc';
import type { LedgerReads } from '../ledger';
import { customerProfileOf, customerSummaryOf, lockStateOf } from './backoffice-views';
import type { OperatorAuditFields } from '../operators';

/** How many rows of each history the profile shows. */
const historyRows = 20;

export interface CustomerConsoleDeps {
  db: Db;
  identity: Pick<IdentityApi, 'searchCustomers' | 'customerFacts' | 'lockCustomer' | 'unlockCustomer' | 'securityHistory' | 'loginHistory'>;
  ledgerReads: Pick<LedgerReads, 'customerWalletBalances'>;
  assets: Pick<AssetsApi, 'scaleOf'>;
  audit: Pick<AuditApi, 'record'>;
  /** A customer's KYC applications, for the profile. */
  kyc: Pick<KycApi, 'applications'>;
}

/** The back office's customer calls: find, look at (recorded), lock and unlock (recorded with the change, in one transaction). */
export interface CustomerConsole {
  search(query: string): Promise<CustomerSummary[]>;
  profile(userId: string, operator: OperatorAuditFields): Promise<CustomerProfile>;
  lock(userId: string, reason: string, operator: OperatorAuditFields): Promise<CustomerSummary>;
  unlock(userId: string, reason: string, operator: OperatorAuditFields): Promise<CustomerSummary>;
}

export function createCustomerConsole(deps: CustomerConsoleDeps): CustomerConsole {
  const { db, identity, audit } = deps;

  async function balancesOf(userId: string): Promise<CustomerProfile['balances']> {
    const accounts = await deps.ledgerReads.customerWalletBalances(userId);
    return Promise.all(
      accounts.map(async (account) => {
        const scale = await deps.assets.scaleOf(account.asset);
        return {
          coin: account.asset,
          available: fromBaseUnits(BigInt(account.available), scale),
          frozen: fromBaseUnits(BigInt(account.frozen), scale),
        };
      }),
    );
  }

  /**
   * Locks or unlocks in one transaction with its audit record. Only a real change is recorded:
   * of concurrent requests the first changes the row (identity locks it) and the rest find it
   * already in the wanted state.
   */
  async function changeLock(
    action: 'customer.lock' | 'customer.unlock',
    userId: string,
    reason: string,
    operator: OperatorAuditFields,
    change: (trx: Db) => Promise<CustomerLockChange>,
  ): Promise<CustomerSummary> {
    return db.transaction().execute(async (trx) => {
      const result = await change(trx);
      if (result.changed) {
        await audit.record(trx, {
          actor: operator.actor,
          action,
          subject: { kind: 'customer', id: userId },
          ip: operator.ip,
          userAgent: operator.userAgent,
          before: lockStateOf(result.before),
          after: lockStateOf(result.after),
          reason,
        });
      }
      return customerSummaryOf(result.after);
    });
  }

  return {
    async search(query) {
      return (await identity.searchCustomers(query)).map(customerSummaryOf);
    },

    async profile(userId, operator) {
      const facts = await identity.customerFacts(userId);
      const [balances, kycApplications, securityHistory, loginHistory] = await Promise.all([
        balancesOf(userId),
        deps.kyc.applications(userId),
        identity.securityHistory(userId, historyRows),
        identity.loginHistory(userId, historyRows),
      ]);
      // Recorded before it is shown: no profile leaves without its record.
      await audit.record(db, {
        actor: operator.actor,
        action: 'customer.view',
        subject: { kind: 'customer', id: userId },
        ip: operator.ip,
        userAgent: operator.userAgent,
      });
      return customerProfileOf(facts, { balances, kycApplications, securityHistory, loginHistory });
    },

    lock: (userId, reason, operator) =>
      changeLock('customer.lock', userId, reason, operator, (trx) => identity.lockCustomer(trx, userId, { by: operator.actor.id, reason })),

    unlock: (userId, reason, operator) =>
      changeLock('customer.unlock', userId, reason, operator, (trx) => identity.unlockCustomer(trx, userId)),
  };
}
