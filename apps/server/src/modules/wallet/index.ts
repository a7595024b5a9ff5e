import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database';
import type { IdentityApi } from '../identity';
import type { Ledger } from '../ledger/ledger.service';
import type { MarketApi } from '../market';
import type { ResearchApi } from '../research';
import { createAssetCatalogue } from './asset-catalogue';
import { createBalancesService } from './balances.service';
import { createBillsService } from './bills.service';
import { createDashboardService } from './dashboard.service';
import { createTransferService } from './transfer.service';
import { registerWalletRoutes, type WalletServices } from './wallet.routes';

/** The wallet module: balances, asset summary, internal transfers and bills. */
export function createWalletModule(deps: { db: Db; ledger: Ledger; identity: IdentityApi; usdCnyRate: string; market: MarketApi; research: ResearchApi }) {
  const assets = createAssetCatalogue(deps.db);
  const balances = createBalancesService({ db: deps.db, assets, usdCnyRate: deps.usdCnyRate, market: deps.market });
  const bills = createBillsService({ db: deps.db, identity: deps.identity });
  const dashboard = createDashboardService({ db: deps.db, assets, balances, bills, market: deps.market, research: deps.research });
  const services: WalletServices = {
    assets,
    balances,
    transfers: createTransferService({ db: deps.db, ledger: deps.ledger, assets, identity: deps.identity }),
    bills,
    dashboard,
  };
  return {
    services,
    jobs: [dashboard.snapshotJob()],
    register: (app: FastifyInstance) => registerWalletRoutes(app, services),
  };
}
