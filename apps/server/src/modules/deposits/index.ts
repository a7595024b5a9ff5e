import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database';
import type { Logger } from '../../platform/observability/logger';
import type { AssetsApi } from '../assets';
import type { Ledger } from '../ledger';
import type { SanctionsHoldSubject, SanctionsScreening } from '../sanctions';
import type { CustodyDepositSink } from './custody-deposit-sink';
import { createDepositAddressService } from './deposit-address.service';
import type { DepositChain } from './deposit-chains';
import { createDepositOptionsService } from './deposit-options.service';
import { createDepositReview } from './deposit-review';
import { createDepositSettings } from './deposit-settings';
import { createDepositWatcher, type DepositWatcher, type DepositWatcherOptions } from './deposit-watcher';
import { registerDepositRoutes, type DepositServices } from './deposits.routes';
import { createDevFaucetService, type DevFaucet } from './dev-faucet.service';
import { createDwRecordsService, depositRecordSource, type DwRecordSource } from './dw-records.service';
import { createWatcherRunner, type WatcherRunner } from './watcher-runner';

export type { CustodyDepositCredit, CustodyDepositFacts, CustodyDepositFailure, CustodyDepositSink } from './custody-deposit-sink';
export type { DepositAddressService } from './deposit-address.service';
export { depositBillDescriber } from './deposit-bill-describer';
export type { DepositChain, DerivedAddress } from './deposit-chains';
export { createDepositReads, type DepositAddressRow, type DepositReads } from './deposit-reads';
export type { DevFaucet } from './dev-faucet.service';
export type { DwRecordSource, DwRecordFilters } from './dw-records.service';

/** The chains this process takes deposits on, and the faucets of the local ones. */
export interface DepositChainSet {
  chains: DepositChain[];
  faucets: DevFaucet[];
}

export type { DepositWatcher, DepositWatcherOptions, TickResult } from './deposit-watcher';
export type { DepositServices } from './deposits.routes';
export type { WatcherRunner } from './watcher-runner';

/** What `app.ts` (and the tests) get from the deposits module. */
export interface DepositsModule {
  services: DepositServices;
  watchers: DepositWatcher[];
  runner: WatcherRunner;
  /** Compliance's decisions on deposits frozen by screening, for the sanctions module. */
  sanctionsSubject: SanctionsHoldSubject;
  register(app: FastifyInstance): void;
}

/**
 * Deposits: addresses, chain watchers (one driver per chain across processes), the ledger
 * credit, records and the dev faucet. `runWatchers` is false in processes that only serve
 * the API; their records still show what the driving process found.
 */
export function createDepositsModule(deps: {
  db: Db;
  assets: AssetsApi;
  ledger: Ledger;
  logger: Logger;
  pollMs: number;
  chains: DepositChainSet | null;
  runWatchers: boolean;
  /** Further record kinds of `pfDwTranxs` (withdrawals). */
  recordSources?: DwRecordSource[];
  watcherOptions?: DepositWatcherOptions;
  /** After each credit has committed, with its ledger journal (the trade module's automatic swap). */
  onCredited?: (journalId: string) => Promise<void>;
  /** Screens credited deposits' senders; a listed one is frozen as it is credited. */
  sanctions: SanctionsScreening;
  /** The custody module's transfer records of deposits to custody accounts (issue 17). */
  custody?: CustodyDepositSink;
}): DepositsModule {
  const settings = createDepositSettings(deps.assets);
  const chains = new Map((deps.chains?.chains ?? []).map((chain) => [chain.chain, chain]));
  const addresses = createDepositAddressService({ db: deps.db, settings, chains });
  const services: DepositServices = {
    options: createDepositOptionsService({ settings, chains, faucets: deps.chains?.faucets ?? [] }),
    addresses,
    records: createDwRecordsService({ db: deps.db, sources: [depositRecordSource(deps.db, deps.assets), ...(deps.recordSources ?? [])] }),
    faucet: deps.chains && deps.chains.faucets.length > 0 ? createDevFaucetService({ faucets: deps.chains.faucets, addresses }) : null,
  };
  const watchers = [...chains.values()].map((chain) =>
    createDepositWatcher({
      db: deps.db,
      ledger: deps.ledger,
      settings,
      source: chain.source,
      logger: deps.logger,
      ...(deps.watcherOptions ? { options: deps.watcherOptions } : {}),
      ...(deps.onCredited ? { onCredited: deps.onCredited } : {}),
      sanctions: deps.sanctions,
      ...(deps.custody ? { custody: deps.custody } : {}),
    }),
  );
  const runner = createWatcherRunner({ db: deps.db, watchers, pollMs: deps.pollMs, logger: deps.logger });
  return {
    services,
    watchers,
    runner,
    sanctionsSubject: createDepositReview({ ledger: deps.ledger, ...(deps.custody ? { custody: deps.custody } : {}) }),
    register(app: FastifyInstance): void {
      registerDepositRoutes(app, services);
      if (deps.runWatchers) {
        app.addHook('onReady', async () => runner.start());
        app.addHook('onClose', async () => runner.stop());
      }
    },
  };
}
