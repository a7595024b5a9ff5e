import type { Pool } from 'pg';
import type { Db } from '../../platform/db/database';
import type { JobDefinition } from '../../platform/jobs/job-queue';
import { createLedger, type Ledger } from './ledger.service';

export {
  type Ledger,
  type Leg,
  type JournalRequest,
  type Posted,
  type PostCall,
  type TransferInput,
  type HoldInput,
  type SettleHoldInput,
  type ReleaseHoldInput,
  journalRequestHash,
  ledgerPostCall,
} from './ledger.service';
export { LedgerInvariantError, ledgerRefusalOf, type LedgerRefusal } from './ledger.errors';
export {
  createLedgerReads,
  hasCustomerReceivedFunds,
  type LedgerReads,
  type CustomerWalletBalance,
  type CustomerCredit,
} from './ledger-reads';
export { type CustodyLedgerBalance, type CustodyLedgerReads, type PlatformCredit } from './custody-reads';
export { type CustomerLineReads, type CustomerJournalLine, type CustomerJournalLineFilters, type JournalLineCursor } from './ledger-lines';
export { balanceChangesChannel, relayBalanceChanges } from './balance-events';

/** What `app.ts` gets: the ledger other modules are given, and the module's scheduled jobs. */
export interface LedgerModule {
  ledger: Ledger;
  jobs: JobDefinition[];
}

/** The ledger module: the only writer of balances. */
export function createLedgerModule(deps: { db: Db; pool?: Pool }): LedgerModule {
  const ledger = createLedger(deps.db, deps.pool);
  return { ledger, jobs: [foldHouseBalancesJob(ledger)] };
}

/** Scheduled: house accounts (fees, omnibus…) take their waiting changes every minute. */
function foldHouseBalancesJob(ledger: Ledger): JobDefinition {
  return {
    name: 'ledger.fold-house-balances',
    cron: '* * * * *',
    async handle(_data, { logger }) {
      const folded = await ledger.foldHouseBalances();
      if (folded > 0) logger.info({ folded }, 'house balances folded');
    },
  };
}
