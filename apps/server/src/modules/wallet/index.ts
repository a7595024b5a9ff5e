import type { FastifyInstance } from 'fastify';
import type { JobDefinition } from '../../platform/jobs/job-queue';
import type { Db } from '../../platform/db/database';
import type { AssetsApi } from '../assets';
import type { IdentityApi } from '../identity';
import type { Ledger } from '../ledger';
import type { MarketApi } from '../market';
import type { ResearchApi } from '../research';
import type { BitcoinNetwork, XrpNetwork } from '../chain';
import { createWithdrawalDestinations } from '../withdrawals';
import type { BillDescriber } from './bill-describer';
import { createBalancesService } from './balances.service';
import { createBillsService } from './bills.service';
import { createDashboardService } from './dashboard.service';
import { createTransferService } from './transfer.service';
import { registerWalletRoutes, type WalletServices } from './wallet.routes';

export { createAccountFeed, type AccountFeed } from './account-feed';
export { registerAccountFeedRoutes } from './account-feed.routes';
export type { BillDescriber, BillDetailContext, BillFactsRow } from './bill-describer';
export type { BalancesService } from './balances.service';
export type { BillsService } from './bills.service';
export type { DashboardService } from './dashboard.service';
export type { TransferService } from './transfer.service';
export type { WalletServices } from './wallet.routes';

/** What `app.ts` gets from the wallet module. */
export interface WalletModule {
  services: WalletServices;
  jobs: JobDefinition[];
  register(app: FastifyInstance): void;
}

/** The wallet module: balances, asset summary, internal transfers and bills. */
export function createWalletModule(deps: {
  db: Db;
  assets: AssetsApi;
  ledger: Ledger;
  identity: IdentityApi;
  usdCnyRate: string;
  market: MarketApi;
  research: ResearchApi;
  /** The networks addresses are checked against (the same as withdrawals). */
  networks: { bitcoinNetwork: BitcoinNetwork; xrpNetwork: XrpNetwork };
  /** Bill details of the modules that post journals (deposits, withdrawals, trade). */
  billDescribers: readonly BillDescriber[];
}): WalletModule {
  const { assets } = deps;
  const balances = createBalancesService({ db: deps.db, assets, usdCnyRate: deps.usdCnyRate, market: deps.market });
  const bills = createBillsService({ db: deps.db, identity: deps.identity, assets, describers: deps.billDescribers });
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
