import { fromBaseUnits, type CustodyBalances } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import type { LedgerReads } from '../ledger';
import { listAccounts } from './accounts.repository';
import { usdText, valuedHoldings, type ValuationDeps } from './custody-valuation';
import { inOrganisation } from './tenant-transaction';

export interface CustodyBalancesService {
  /** Every account of the organisation with its balances per asset and their USD values. */
  balances(orgId: string): Promise<CustodyBalances>;
}

/** The balances of the organisation's custody accounts (issue 17 item 6), as the ledger holds them. */
export function createCustodyBalances(
  deps: ValuationDeps & { db: Db; ledgerReads: Pick<LedgerReads, 'custodyBalances'> },
): CustodyBalancesService {
  return {
    async balances(orgId) {
      const accounts = await inOrganisation(deps.db, orgId, listAccounts);
      const holdings = await valuedHoldings(deps, accounts, await deps.ledgerReads.custodyBalances(accounts.map((account) => account.id)));
      let totalCents = 0n;
      const views = accounts.map((account) => {
        const own = holdings.filter((holding) => holding.account.id === account.id);
        const cents = own.reduce((sum, holding) => sum + holding.usdCents, 0n);
        totalCents += cents;
        return {
          accountId: account.id,
          name: account.name,
          kind: account.kind,
          tier: account.tier,
          usdValue: usdText(cents),
          assets: own.map((holding) => ({
            coin: holding.asset,
            available: fromBaseUnits(holding.available, holding.scale),
            frozen: fromBaseUnits(holding.frozen, holding.scale),
            total: fromBaseUnits(holding.available + holding.frozen, holding.scale),
            usdValue: usdText(holding.usdCents),
          })),
        };
      });
      return { usdValue: usdText(totalCents), accounts: views };
    },
  };
}
