import type { Db } from '../../platform/db/database';
import type { JobDefinition } from '../../platform/jobs/job-queue';
import type { LedgerReads } from '../ledger';
import { listAccounts } from './accounts.repository';
import { valuedHoldings, type ValuationDeps } from './custody-valuation';
import { utcDay } from './report-range';
import { allOrganisationIds, insertSnapshots } from './snapshots.repository';
import { inOrganisation } from './tenant-transaction';

export interface AssetSnapshots {
  /** Writes `day`'s snapshot of every organisation's accounts (balances now); each (account, asset, day) once. How many rows were new. */
  take(day: string): Promise<number>;
  /** Scheduled daily just after midnight UTC: the closing balances of the day that ended. */
  job(): JobDefinition;
}

/**
 * The daily snapshots of assets under custody (issue 17 item 8; billing reads them next): per
 * organisation, account and asset, the ledger balance (available + frozen) and its USD value at
 * the live price, labelled with the UTC day whose end it closes. The primary key (account,
 * asset, day) makes the job idempotent per day: a second run, a retry or another process's run
 * adds nothing.
 */
export function createAssetSnapshots(deps: ValuationDeps & { db: Db; ledgerReads: Pick<LedgerReads, 'custodyBalances'> }): AssetSnapshots {
  const { db } = deps;

  async function take(day: string): Promise<number> {
    let written = 0;
    for (const orgId of await allOrganisationIds(db)) {
      const accounts = await inOrganisation(db, orgId, listAccounts);
      const holdings = await valuedHoldings(deps, accounts, await deps.ledgerReads.custodyBalances(accounts.map((account) => account.id)));
      const rows = holdings.map((holding) => ({
        org_id: orgId,
        account_id: holding.account.id,
        asset: holding.asset,
        day,
        balance: holding.available + holding.frozen,
        usd_price: holding.usdPrice,
        usd_cents: holding.usdCents,
      }));
      written += await inOrganisation(db, orgId, (trx) => insertSnapshots(trx, rows));
    }
    return written;
  }

  return {
    take,
    job: () => ({
      name: 'custody.daily-snapshot',
      cron: '5 0 * * *',
      async handle(_data, { logger }) {
        const day = utcDay(new Date(Date.now() - 86_400_000));
        logger.info({ day, written: await take(day) }, 'custody daily snapshots taken');
      },
    }),
  };
}
