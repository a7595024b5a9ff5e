import { toBaseUnits } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import type { Registry } from 'prom-client';
import type { Messenger } from '../../platform/adapters/messenger';
import type { AppConfig } from '../../platform/config';
import type { Db } from '../../platform/db/database';
import type { JobDefinition } from '../../platform/jobs/job-queue';
import type { Logger } from '../../platform/observability/logger';
import type { AssetsApi } from '../assets';
import type { AuditApi } from '../audit';
import type { IdentityApi } from '../identity';
import type { KycApi } from '../kyc';
import type { DwRecordSource } from '../deposits';
import type { Ledger } from '../ledger';
import type { MarketApi } from '../market';
import type { SanctionsHoldSubject, SanctionsScreening } from '../sanctions';
import { createAddressBook, type AddressBook } from './address-book.service';
import { createReconciliation, type Reconciliation } from './reconciliation';
import type { CustodyPayoutSource } from './custody-payouts';
import type { WithdrawalChainSet } from './withdrawal-chains';
import { createWithdrawalDestinations } from './withdrawal-destination';
import { createWithdrawalEligibility } from './withdrawal-eligibility';
import { withdrawalRecordSource } from './withdrawal-records';
import { createWithdrawalReview } from './withdrawal-review';
import { createSignerLoop, createWithdrawalSigner, type WithdrawalSigner } from './withdrawal-signer';
import { createWithdrawalService, type WithdrawalService } from './withdrawal.service';
import { registerWithdrawalRoutes, type OperatorGuard } from './withdrawals.routes';

export { provideWithdrawalChains, recordHotWalletFunding, type WithdrawalChainSet } from './withdrawal-chains';
export { withdrawalRecordSource } from './withdrawal-records';
export { withdrawalBillDescriber } from './withdrawal-bill-describer';
export { createWithdrawalDestinations, type ResolvedDestination, type WithdrawalDestinations } from './withdrawal-destination';

export type { AddressBook } from './address-book.service';
export type { CustodyPayout, CustodyPayoutSource } from './custody-payouts';
export type { ChainBalanceReader, Reconciliation, ReconciliationActor, ReconciliationRunSummary } from './reconciliation';
export type { SignerTickResult, WithdrawalSender, WithdrawalSigner } from './withdrawal-signer';
export type { WithdrawalRecordsPage, WithdrawalService } from './withdrawal.service';
export type { OperatorGuard } from './withdrawals.routes';

/** What `app.ts` gets from the withdrawals module. */
export interface WithdrawalsModule {
  services: { withdrawals: WithdrawalService; addressBook: AddressBook; reconciliation: Reconciliation; signer: WithdrawalSigner };
  /** The withdrawal kind of the deposit and withdrawal records (`pfDwTranxs`). */
  recordSource: DwRecordSource;
  /** Compliance's decisions on withdrawals under review, for the sanctions module. */
  sanctionsSubject: SanctionsHoldSubject;
  jobs: JobDefinition[];
  register(app: FastifyInstance): void;
}

/**
 * Withdrawals: pre-checks, limits, ordinary and internal withdrawals, the signer (one process
 * at a time), the address book, records for `pfDwTranxs`, and reconciliation. `runsSigner` is
 * false in processes that only serve the API.
 */
export function createWithdrawalsModule(deps: {
  db: Db;
  assets: AssetsApi;
  ledger: Ledger;
  identity: IdentityApi;
  market: Pick<MarketApi, 'latestUsdPrices'>;
  messenger: Messenger;
  logger: Logger;
  config: Pick<AppConfig, 'LARGE_WITHDRAWAL_USD' | 'TRUSTED_ADDRESS_COOLING_HOURS' | 'WITHDRAWAL_MIN_KYC_LEVEL' | 'WITHDRAWAL_POLL_MS'>;
  chains: WithdrawalChainSet | null;
  runsSigner: boolean;
  registry?: Registry;
  /** The operators module's guard for the reconciliation calls. */
  operatorGuard: OperatorGuard;
  /** Each reconciliation run's audit row, in the run's transaction. */
  audit: Pick<AuditApi, 'record'>;
  /** Each verified level's limits (spec §6) and the ID check of spec §5. */
  kyc: Pick<KycApi, 'limitsOf' | 'checkIdLast6'>;
  /** Sanctions screening of destinations (submission, address book); a hit is held `underReview`. */
  sanctions: SanctionsScreening;
  /** The custody module's approved withdrawal orders, sent by the signer too (issue 18); none: customers' withdrawals only. */
  custodyPayouts?: CustodyPayoutSource | null;
}): WithdrawalsModule {
  const { db, ledger, identity, config } = deps;
  const senders = deps.chains?.senders ?? new Map();
  const destinations = createWithdrawalDestinations({
    db,
    bitcoinNetwork: deps.chains?.bitcoinNetwork ?? 'mainnet',
    xrpNetwork: deps.chains?.xrpNetwork ?? 'mainnet',
    contractCheckers: deps.chains?.contractCheckers ?? new Map(),
  });
  const eligibility = createWithdrawalEligibility({ db, identity, kyc: deps.kyc, minKycLevel: config.WITHDRAWAL_MIN_KYC_LEVEL });
  const addressBook = createAddressBook({
    db,
    identity,
    destinations,
    messenger: deps.messenger,
    coolingHours: config.TRUSTED_ADDRESS_COOLING_HOURS,
    sanctions: deps.sanctions,
  });
  const withdrawals = createWithdrawalService({
    db,
    assets: deps.assets,
    ledger,
    identity,
    market: deps.market,
    eligibility,
    destinations,
    addressBook,
    settings: {
      dailyLimitCents: async (userId) => toBaseUnits((await deps.kyc.limitsOf(userId)).withdrawalDailyUsd, 2),
      largeWithdrawalCents: toBaseUnits(config.LARGE_WITHDRAWAL_USD, 2),
    },
    sendingChains: () => new Set(senders.keys()),
    sanctions: deps.sanctions,
  });
  const signer = createWithdrawalSigner({
    db,
    ledger,
    senders,
    logger: deps.logger,
    custodyPayouts: deps.custodyPayouts
      ? {
          source: deps.custodyPayouts,
          confirmationsOf: async (asset, chain) => {
            const found = await deps.assets.readChainSetting(asset, chain);
            if ('missing' in found) throw new Error(`no ${asset} on ${chain} in the catalogue`);
            return found.setting.confirmationsToWithdraw;
          },
        }
      : null,
  });
  const loop = createSignerLoop(signer, config.WITHDRAWAL_POLL_MS, deps.logger);
  const reconciliation = createReconciliation({
    db,
    readers: deps.chains?.readers ?? [],
    senders,
    logger: deps.logger,
    audit: deps.audit,
    ...(deps.registry ? { registry: deps.registry } : {}),
  });
  const reconcileJob: JobDefinition = {
    name: 'withdrawals.reconcile',
    cron: '*/15 * * * *',
    handle: async () => {
      await reconciliation.run({ actor: { kind: 'system', id: 'withdrawals.reconcile' } });
    },
  };

  return {
    services: { withdrawals, addressBook, reconciliation, signer },
    /** The withdrawal kind of the deposit and withdrawal records (`pfDwTranxs`). */
    recordSource: withdrawalRecordSource(db, deps.assets),
    sanctionsSubject: createWithdrawalReview({ ledger }),
    jobs: [reconcileJob],
    register(app: FastifyInstance): void {
      registerWithdrawalRoutes(app, { withdrawals, addressBook, reconciliation }, { operatorGuard: deps.operatorGuard });
      if (deps.runsSigner && senders.size > 0) {
        let starting: Promise<void> | null = null;
        // The hot wallet's float can take a few blocks on the local chain: the server does not wait for it.
        app.addHook('onReady', async () => {
          starting = (async () => {
            await deps.chains
              ?.prepare?.({ ledger, logger: deps.logger })
              .catch((error: unknown) => deps.logger.error({ err: error }, 'preparing the withdrawal chains failed'));
            loop.start();
          })();
        });
        app.addHook('onClose', async () => {
          await starting;
          await loop.stop();
        });
      }
    },
  };
}
