import type { FastifyInstance } from 'fastify';
import type { Messenger } from '../../platform/adapters/messenger';
import type { AppConfig } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import type { JobDefinition } from '../../platform/jobs/job-queue';
import type { AssetsApi } from '../assets';
import type { AuditApi } from '../audit';
import type { DepositAddressService } from '../deposits';
import type { AttemptLimiter, IdentityApi } from '../identity';
import type { Ledger, LedgerReads } from '../ledger';
import type { MarketApi } from '../market';
import type { RequireOperator } from '../operators';
import { createAccountsService } from './accounts.service';
import { createCustodyAddressBook } from './address-book.service';
import { createApplicationService } from './application.service';
import { createAssetReport } from './asset-report.service';
import { createAssetSnapshots, type AssetSnapshots } from './asset-snapshots';
import { createCustodyBalances } from './balances.service';
import { createCustodyDepositAddresses } from './custody-deposit-address';
import { createCustodyDestinations, type CustodyAddressNetworks } from './custody-destinations';
import { createInternalMoves } from './internal-move.service';
import { createChangeRequests } from './changes.service';
import { createFreezes } from './freeze.service';
import { createLinesService } from './lines.service';
import { createPartnerLinks } from './partner-link.service';
import { createPoolLinks } from './pool-links.service';
import { createOrderNotices } from './order-notices';
import { createOrderReview } from './order-review.service';
import { createWithdrawalOrders } from './orders.service';
import { createWithdrawalBatches } from './batch.service';
import { createSettingsService } from './settings.service';
import { createTransferHistory } from './transfer-history.service';
import { registerCustodyRoutes } from './custody.routes';
import { createBillIssuer, type BillIssuer } from './bill-issue.service';
import { createBillPayments, type BillPayments } from './bill-payment.service';
import { createBillingService, type BillingConfig } from './billing.service';
import { registerBillingRoutes } from './billing.routes';

export { createCustodyDepositSink } from './custody-deposits';
export { createCustodyPayouts, type PayoutLogger } from './custody-payouts';
export type { AssetSnapshots } from './asset-snapshots';
export { custodyTenantTables } from './tenant-tables';
export { inOrganisation } from './tenant-transaction';

export interface CustodyModuleDeps {
  db: Db;
  config: Pick<AppConfig, 'PUBLIC_ORIGIN' | 'PORT'> & BillingConfig;
  identity: Pick<
    IdentityApi,
    | 'customerFacts'
    | 'describeMany'
    | 'noticeRecipient'
    | 'passkeyHolders'
    | 'verifySecondFactor'
    | 'passkeyOptionsForChallenge'
    | 'verifyPasskeyAssertionForChallenge'
  >;
  audit: Pick<AuditApi, 'record'>;
  messenger: Messenger;
  requireOperator: RequireOperator;
  /** The supported coins and their networks: line currencies, address-book and whitelist entries; scales and reference prices. */
  assets: Pick<AssetsApi, 'get' | 'chainSettings' | 'list' | 'scaleOf' | 'referenceUsdPrices'>;
  /** The networks the chain module's address rules check addresses against. */
  addressNetworks: CustodyAddressNetworks;
  /** The custody accounts' balances: accounts opened, moves posted (issue 17 items 6–8), withdrawal orders held and released (issue 18). */
  ledger: Pick<Ledger, 'custodyAccount' | 'platformAccount' | 'transfer' | 'hold' | 'releaseHold'>;
  /** Balances; what a journal left on an account; the platform credits of settled withdrawals (billing's ledger entries). */
  ledgerReads: Pick<LedgerReads, 'custodyBalances' | 'custodyAvailableAfterJournal' | 'platformCreditsOfJournals'>;
  /** Live USD prices of the asset report and balances. */
  market: Pick<MarketApi, 'latestUsdPrices'>;
  /** The deposits module's addresses; null where this process takes no deposits. */
  depositAddresses: Pick<DepositAddressService, 'custodyDepositAddress'> | null;
  /** Identity's attempt limiter: the mining-pool partner's page, without a login, counts its lookups per IP address. */
  limiter: Pick<AttemptLimiter, 'reserve' | 'succeeded' | 'failed'>;
}

export interface CustodyModule {
  register(app: FastifyInstance): void;
  /** The daily snapshot of assets under custody, the monthly bills and their deduction. */
  jobs: JobDefinition[];
  snapshots: AssetSnapshots;
  /** Monthly bills (issue 18 item 9): issuing and payment, also for tests and tools. */
  billing: { issuer: BillIssuer; payments: BillPayments };
}

/**
 * The enterprise custody console (issue 17): company applications and their review in the back
 * office, and per enabled organisation (a tenant, fenced by row-level security) its roles,
 * members, business lines, common settings, custody accounts and address books, their money,
 * and the mining-pool partners linked to its accounts.
 */
export function createCustodyModule(deps: CustodyModuleDeps): CustodyModule {
  const applications = createApplicationService(deps);
  const destinations = createCustodyDestinations({ assets: deps.assets, networks: deps.addressNetworks });
  const changes = createChangeRequests(deps);
  const organisation = {
    lines: createLinesService({ db: deps.db, audit: deps.audit, assets: deps.assets, destinations }),
    settings: createSettingsService(deps),
    accounts: createAccountsService(deps),
    addressBook: createCustodyAddressBook({ db: deps.db, audit: deps.audit, destinations }),
    changes,
    freezes: createFreezes({ ...deps, changes }),
  };
  const valuation = { db: deps.db, assets: deps.assets, market: deps.market, ledgerReads: deps.ledgerReads };
  const money = {
    balances: createCustodyBalances(valuation),
    depositAddresses: createCustodyDepositAddresses({ db: deps.db, addresses: deps.depositAddresses }),
    moves: createInternalMoves(deps),
    history: createTransferHistory(deps),
    report: createAssetReport(valuation),
  };
  const pool = {
    links: createPoolLinks(deps),
    partners: createPartnerLinks({ ...deps, destinations }),
  };
  const notices = createOrderNotices(deps);
  const orders = {
    orders: createWithdrawalOrders({ ...deps, destinations, notices }),
    review: createOrderReview({ ...deps, notices }),
    batches: createWithdrawalBatches({ ...deps, destinations, notices }),
  };
  const snapshots = createAssetSnapshots(valuation);
  const billing = {
    issuer: createBillIssuer(deps),
    payments: createBillPayments(deps),
    service: createBillingService(deps),
  };
  return {
    register(app) {
      registerCustodyRoutes(app, { ...deps, applications, organisation, money, pool, orders });
      registerBillingRoutes(app, {
        db: deps.db,
        billing: billing.service,
        payments: billing.payments,
        requireOperator: deps.requireOperator,
      });
    },
    jobs: [snapshots.job(), billing.issuer.job(), billing.payments.job()],
    snapshots,
    billing: { issuer: billing.issuer, payments: billing.payments },
  };
}
