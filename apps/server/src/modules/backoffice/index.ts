import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database';
import type { AssetsApi } from '../assets';
import type { AuditApi } from '../audit';
import type { IdentityApi } from '../identity';
import type { KycApi } from '../kyc';
import type { LedgerReads } from '../ledger';
import type { RequireOperator } from '../operators';
import type { Reconciliation } from '../withdrawals';
import { createAuditConsole } from './audit-console.service';
import { registerBackofficeRoutes } from './backoffice.routes';
import { createCustomerConsole } from './customer-console.service';

export interface BackofficeModuleDeps {
  db: Db;
  identity: IdentityApi;
  ledgerReads: Pick<LedgerReads, 'customerWalletBalances'>;
  assets: Pick<AssetsApi, 'scaleOf'>;
  audit: AuditApi;
  reconciliation: Pick<Reconciliation, 'history'>;
  /** A customer's KYC applications, for the profile. */
  kyc: Pick<KycApi, 'applications'>;
  requireOperator: RequireOperator;
}

/** What `app.ts` gets: the back office's routes. Other modules ask nothing of it. */
export interface BackofficeModule {
  register(app: FastifyInstance): void;
}

/**
 * The back office's read side (issue 15): customer search, profile, lock and unlock, the audit
 * log (search, CSV export, verification) and the reconciliation history. It owns no table: it
 * composes identity, ledger, assets, kyc, audit and withdrawals through their index.ts, and every
 * call is guarded by the operators module's permission check.
 */
export function createBackofficeModule(deps: BackofficeModuleDeps): BackofficeModule {
  const services = {
    customers: createCustomerConsole(deps),
    audit: createAuditConsole(deps),
    reconciliation: deps.reconciliation,
  };
  return {
    register(app) {
      registerBackofficeRoutes(app, services, deps.requireOperator);
    },
  };
}
