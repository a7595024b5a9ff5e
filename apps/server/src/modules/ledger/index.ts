import { sql } from 'kysely';
import type { Pool } from 'pg';
import type { Db } from '../../platform/db/database';
import type { JobDefinition } from '../../platform/jobs/job-queue';
import { createLedger, type Ledger } from './ledger.service';

export { type Ledger, type Leg, type JournalRequest, LedgerInvariantError, journalRequestHash } from './ledger.service';
export { createLedgerReads, type LedgerReads, type CustomerWalletBalance } from './ledger-reads';

/** The ledger module: the only writer of balances. */
export function createLedgerModule(deps: { db: Db; pool?: Pool }) {
  const ledger = createLedger(deps.db, deps.pool);
  return { ledger, jobs: [foldHouseBalancesJob(ledger)] };
}

/**
 * Whether any of the customer's accounts was ever credited (a positive entry: a deposit, a
 * transfer or trade received, a hold). Identity asks it, through a function `app.ts` injects,
 * to tell a new account's first set-up from a change on an account with something to steal.
 */
export async function hasCustomerReceivedFunds(db: Db, userId: string): Promise<boolean> {
  const result = await sql<{ received: boolean }>`
    select exists (
      select 1 from ledger_account a join entry e on e.account_id = a.id
       where a.owner_type = 'customer' and a.owner_ref = ${userId} and e.amount > 0
    ) as received
  `.execute(db);
  return result.rows[0]?.received === true;
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
