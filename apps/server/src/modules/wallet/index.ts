import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database';
import type { IdentityApi } from '../identity';
import type { Ledger } from '../ledger/ledger.service';
import type { MarketApi } from '../market';
import type { ResearchApi } from '../research';
import type { BitcoinNetwork } from '../chain/addresses/bitcoin-address';
import type { XrpNetwork } from '../chain/addresses/xrp-address';
import { createWithdrawalDestinations } from '../withdrawals/withdrawal-destination';
import { createAssetCatalogue } from './asset-catalogue';
import { createBalancesService } from './balances.service';
import { createBillsService } from './bills.service';
import { createDashboardService } from './dashboard.service';
import { createTransferService } from './transfer.service';
import { registerWalletRoutes, type WalletServices } from './wallet.routes';

export { createAccountFeed, type AccountFeed } from './account-feed';
export { registerAccountFeedRoutes } from './account-feed.routes';

/** The wallet module: balances, asset summary, internal transfers and bills. */
export function createWalletModule(deps: {
  db: Db;
  ledger: Ledger;
  identity: IdentityApi;
  usdCnyRate: string;
  market: MarketApi;
  research: ResearchApi;
  /** The networks addresses are checked against (the same as withdrawals). */
  networks: { bitcoinNetwork: BitcoinNetwork; xrpNetwork: XrpNetwork };
}) {
  const assets = createAssetCatalogue(deps.db);
  const balances = createBalancesService({ db: deps.db, assets, usdCnyRate: deps.usdCnyRate, market: deps.market });
  const bills = createBillsService({ db: deps.db, identity: deps.identity });
  const dashboard = createDashboardService({ db: deps.db, assets, balances, bills, market: deps.market, research: deps.research });
  const services: WalletServices = {
    assets,
    balances,
    transfers: createTransferService({
      db: deps.db,
      ledger: deps.ledger,
      assets,
      identity: deps.identity,
      // Only the address rules and deposit-address owners: no contract check for a yes/no answer.
      destinations: createWithdrawalDestinations({ db: deps.db, ...deps.networks, contractCheckers: new Map() }),
    }),
    bills,
    dashboard,
  };
  return {
    services,
    jobs: [dashboard.snapshotJob()],
    register: (app: FastifyInstance) => registerWalletRoutes(app, services),
  };
}
