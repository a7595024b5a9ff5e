import type { Pool } from 'pg';
import type { Db } from '../../platform/db/database';
import type { JobDefinition } from '../../platform/jobs/job-queue';
import { createLedger, type Ledger } from './ledger.service';

export { type Ledger, type Leg, type JournalRequest, LedgerInvariantError, journalRequestHash } from './ledger.service';

/** The ledger module: the only writer of balances. */
export function createLedgerModule(deps: { db: Db; pool?: Pool }) {
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
