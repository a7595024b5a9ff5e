import { randomUUID } from 'node:crypto';
import type { CreatedOperator } from '@coffer/contract';
import fastifyCookie from '@fastify/cookie';
import type { Pool } from 'pg';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { createApiKeysModule } from './modules/apikeys';
import { createAssetsModule, type AssetsApi } from './modules/assets';
import { createAuditModule } from './modules/audit';
import { createBackofficeModule } from './modules/backoffice';
import { createCaptchaModule } from './modules/captcha';
import { createDepositsModule, depositBillDescriber, type DepositChainSet, type DepositsModule } from './modules/deposits';
import { createDevOutbox, createIdentityModule, type IdentityModule } from './modules/identity';
import { createLedgerModule, createLedgerReads, hasCustomerReceivedFunds } from './modules/ledger';
import { createKycModule } from './modules/kyc';
import { createCustodyDepositSink, createCustodyModule, createCustodyPayouts } from './modules/custody';
import { createMarketModule } from './modules/market';
import { createNoticesModule } from './modules/notices';
import { createOperatorsModule } from './modules/operators';
import { createResearchModule } from './modules/research';
import { createSanctionsModule } from './modules/sanctions';
import { createTradeModule, tradeBillDescriber } from './modules/trade';
import { createAccountFeed, createWalletModule, registerAccountFeedRoutes } from './modules/wallet';
import { createWithdrawalsModule, withdrawalBillDescriber, type WithdrawalChainSet, type WithdrawalsModule } from './modules/withdrawals';
import { registerSystemRoutes } from './modules/system';
import { createMessengerFromConfig, type Messenger } from './platform/adapters/messenger';
import { hasDevFaucet, type AppConfig } from './platform/config';
import type { Db } from './platform/db/database';
import { registerApiKeyRequest } from './platform/http/api-key-request';
import { answerFrameworkError, registerErrorHandler } from './platform/http/error-handler';
import { registerInputGuard } from './platform/http/input-guard';
import { registerOpenApi } from './platform/http/openapi';
import { allowedOrigins, registerOriginCheck } from './platform/http/origin-check';
import { registerRequestContext } from './platform/http/request-context';
import { registerSecurityHeaders } from './platform/http/security-headers';
import { registerWebApp } from './platform/http/web-app';
import type { JobQueue } from './platform/jobs/job-queue';
import type { Logger } from './platform/observability/logger';
import { metricsAccess, registerMetrics, type Metrics } from './platform/observability/metrics';
import { derivePlatformSigningKey } from './platform/security/platform-signing-key';
import type { ServerSecrets } from './platform/security/secrets';
import type { BlobStore } from './platform/storage';

export interface AppDeps {
  config: AppConfig;
  logger: Logger;
  db: Db;
  metrics: Metrics;
  jobs: JobQueue | null;
  version: string;
  secrets: ServerSecrets;
  /** E-mail and SMS delivery; built from the configuration when not given. */
  messenger?: Messenger;
  /** The pool behind `db`, for the ledger's prepared statements. */
  pool?: Pool;
  /** Connections that commit without waiting for the disk, for trading's forgettable writes (see `openDatabase`). */
  asyncCommitPool?: Pool;
  /** Chains taking deposits (EVM…) and the local chain's faucets; none: deposit addresses are unavailable. */
  depositChains?: DepositChainSet;
  /** Chains withdrawals are sent on (hot-wallet signers, balance readers); none: only internal withdrawals. */
  withdrawalChains?: WithdrawalChainSet;
  /** Where KYC uploads are kept; by default encrypted files under DATA_DIR. */
  blobs?: BlobStore;
}

const requestIdPattern = /^[\w.:-]{8,64}$/;

/** The deposit chains, without their faucets in a real deployment (`hasDevFaucet`). */
function depositChainsOf(deps: AppDeps): DepositChainSet | null {
  if (!deps.depositChains) return null;
  return hasDevFaucet(deps.config) ? deps.depositChains : { ...deps.depositChains, faucets: [] };
}

/** The app and, for `main.ts`, the embedded default's first operator (`OperatorsModule.bootstrap`). */
export interface BuiltServer {
  app: FastifyInstance;
  bootstrapOperators(): Promise<CreatedOperator | null>;
}

/** Builds the HTTP app from its dependencies, keeping what `main.ts` asks of its modules after start-up. */
export async function buildServer(deps: AppDeps): Promise<BuiltServer> {
  const app = Fastify({
    loggerInstance: deps.logger as FastifyBaseLogger,
    bodyLimit: deps.config.BODY_LIMIT_BYTES,
    trustProxy: deps.config.TRUST_PROXY,
    // A caller's own request id is kept when it looks like one, so traces join up.
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && requestIdPattern.test(incoming) ? incoming : randomUUID();
    },
    return503OnClosing: true,
    // A malformed URL or an over-long path parameter answers the envelope too.
    frameworkErrors: answerFrameworkError,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerRequestContext(app);
  registerApiKeyRequest(app);
  registerErrorHandler(app);
  registerOriginCheck(app, allowedOrigins(deps.config));
  registerSecurityHeaders(app, { hsts: deps.config.COOKIE_SECURE, isDocsPublic: deps.config.API_DOCS_PUBLIC });
  registerInputGuard(app);
  registerMetrics(app, deps.metrics, metricsAccess(deps.config));
  await app.register(fastifyCookie);
  await registerOpenApi(app, { version: deps.version, isPublic: deps.config.API_DOCS_PUBLIC });

  const messenger = deps.messenger ?? createMessengerFromConfig(deps.config, deps.logger, createDevOutbox(deps.db));
  registerSystemRoutes(app, deps);
  // Whether an account ever received funds decides if a first security set-up locks withdrawals.
  const funding = { hasReceivedFunds: (userId: string) => hasCustomerReceivedFunds(deps.db, userId) };
  // The proof-of-work captcha identity demands after repeated failures (and API keys for their changes).
  const captcha = createCaptchaModule({ db: deps.db, secrets: deps.secrets, maxNumber: deps.config.CAPTCHA_MAX_NUMBER });
  for (const job of captcha.jobs) deps.jobs?.define(job);
  captcha.register(app);
  const identity = createIdentityModule({
    db: deps.db,
    config: deps.config,
    secrets: deps.secrets,
    messenger,
    funding,
    captcha: captcha.api,
    registry: deps.metrics.registry,
  });
  for (const job of identity.jobs) deps.jobs?.define(job);
  identity.register(app);
  // API keys: requests signed with a customer's key are checked on every route (hooks registered
  // before the other modules' routes) and run as that customer within the key's rights.
  const apiKeys = createApiKeysModule({
    db: deps.db,
    config: deps.config,
    identity: identity.api,
    messenger,
    logger: deps.logger,
    platformKey: derivePlatformSigningKey(deps.secrets.key),
    connectionString: deps.pool?.options.connectionString,
    asyncCommitPool: deps.asyncCommitPool,
    // Called per request only, once the withdrawals module below exists.
    ownedAddressIds: async (userId) => new Set((await withdrawals.services.addressBook.list(userId)).map((entry) => entry.id)),
  });
  for (const job of apiKeys.jobs) deps.jobs?.define(job);
  apiKeys.register(app);
  // The asset catalogue, read by every money module; nothing else names its tables.
  const assets = createAssetsModule({ db: deps.db }).api;
  // Read before the first request: no transaction then waits for the catalogue's first read.
  // A database still down at start is /readyz's to report; the first caller reads it then.
  app.addHook('onReady', async () => {
    await assets.warm().catch((error: unknown) => app.log.warn({ err: error }, 'asset catalogue not read at start'));
  });
  // Login, deposit and withdrawal notices: queued in their events' transactions, sent after commit as identity says.
  const notices = createNoticesModule({
    db: deps.db,
    messenger,
    recipient: (userId, kind) => identity.api.noticeRecipient(userId, kind),
    scaleOf: (asset) => assets.scaleOf(asset),
    logger: deps.logger,
    runsDelivery: deps.jobs !== null,
  });
  for (const job of notices.jobs) deps.jobs?.define(job);
  notices.register(app);
  const backOffice = await wireBackOffice(app, deps, { identity, assets });
  const { audit, operators, kyc, sanctions } = backOffice;
  const ledger = createLedgerModule({
    db: deps.db,
    ...(deps.pool ? { pool: deps.pool } : {}),
    ...(deps.asyncCommitPool ? { asyncCommitPool: deps.asyncCommitPool } : {}),
  });
  for (const job of ledger.jobs) deps.jobs?.define(job);
  const market = createMarketModule({
    db: deps.db,
    assets,
    config: deps.config,
    logger: deps.logger,
    pool: deps.pool,
    runsTicker: deps.jobs !== null,
  });
  for (const job of market.jobs) deps.jobs?.define(job);
  await market.register(app);
  app.addHook('onReady', market.start);
  app.addHook('onClose', market.stop);
  const research = createResearchModule({ db: deps.db });
  research.register(app);
  const wallet = createWalletModule({
    db: deps.db,
    assets,
    ledger: ledger.ledger,
    identity: identity.api,
    usdCnyRate: deps.config.USD_CNY_RATE,
    market: market.api,
    research: research.api,
    networks: {
      bitcoinNetwork: deps.withdrawalChains?.bitcoinNetwork ?? 'mainnet',
      xrpNetwork: deps.withdrawalChains?.xrpNetwork ?? 'mainnet',
    },
    // Each bill's detail comes from the module that posted its journal.
    billDescribers: [depositBillDescriber, withdrawalBillDescriber, tradeBillDescriber],
  });
  for (const job of wallet.jobs) deps.jobs?.define(job);
  wallet.register(app);
  // The signed-in customer's live channel: balance changes of committed journals, from any process.
  const accountFeed = createAccountFeed({
    connectionString: deps.pool?.options.connectionString,
    sessions: identity.api,
    logger: deps.logger,
  });
  await registerAccountFeedRoutes(app, { feed: accountFeed, allowedOrigins: allowedOrigins(deps.config) });
  app.addHook('onReady', accountFeed.start);
  app.addHook('onClose', accountFeed.stop);
  // Approved custody withdrawal orders, handed to the withdrawal signer (issue 18): the custody module's side of its port.
  const custodyPayouts = createCustodyPayouts({
    db: deps.db,
    ledger: ledger.ledger,
    ledgerReads: createLedgerReads(deps.db),
    assets,
    identity: identity.api,
    messenger,
    logger: deps.logger.child({ component: 'custody-payouts' }),
  });
  const withdrawals = createWithdrawalsModule({
    db: deps.db,
    assets,
    ledger: ledger.ledger,
    identity: identity.api,
    market: market.api,
    messenger,
    logger: deps.logger,
    config: deps.config,
    chains: deps.withdrawalChains ?? null,
    runsSigner: deps.jobs !== null,
    registry: deps.metrics.registry,
    operatorGuard: operators.requireOperator,
    audit,
    kyc: kyc.api,
    sanctions: sanctions.screening,
    custodyPayouts,
  });
  for (const job of withdrawals.jobs) deps.jobs?.define(job);
  withdrawals.register(app);
  const trade = createTradeModule({
    db: deps.db,
    assets,
    ledger: ledger.ledger,
    config: deps.config,
    market: market.api,
    logger: deps.logger,
    levelTradeMaxUsd: kyc.api.tradeMaxUsdFor,
    ...(deps.pool ? { pool: deps.pool } : {}),
    ...(deps.asyncCommitPool ? { asyncCommitPool: deps.asyncCommitPool } : {}),
  });
  for (const job of trade.jobs) deps.jobs?.define(job);
  trade.register(app);
  const deposits = createDepositsModule({
    db: deps.db,
    assets,
    ledger: ledger.ledger,
    logger: deps.logger,
    pollMs: deps.config.DEPOSIT_POLL_MS,
    chains: depositChainsOf(deps),
    runWatchers: deps.jobs !== null,
    recordSources: [withdrawals.recordSource],
    onCredited: trade.services.autoSwap.onDepositCredited,
    sanctions: sanctions.screening,
    // Deposits to custody accounts are recorded by the custody module in the deposits' own transactions.
    custody: createCustodyDepositSink({ ledgerReads: createLedgerReads(deps.db) }),
  });
  deposits.register(app);
  backOffice.complete({ withdrawals, deposits });
  // The enterprise custody console: applications reviewed in the back office, organisations as tenants.
  const custody = createCustodyModule({
    db: deps.db,
    config: deps.config,
    identity: identity.api,
    audit,
    messenger,
    requireOperator: operators.requireOperator,
    assets,
    addressNetworks: {
      bitcoinNetwork: deps.withdrawalChains?.bitcoinNetwork ?? 'mainnet',
      xrpNetwork: deps.withdrawalChains?.xrpNetwork ?? 'mainnet',
    },
    ledger: ledger.ledger,
    ledgerReads: createLedgerReads(deps.db),
    market: market.api,
    depositAddresses: deposits.services.addresses,
    limiter: identity.limiter,
  });
  for (const job of custody.jobs) deps.jobs?.define(job);
  custody.register(app);

  await registerWebApp(app, deps.config.WEB_DIST_DIR);
  return { app, bootstrapOperators: operators.bootstrap };
}

/** Builds the HTTP app from its dependencies; tests call it with their own database. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  return (await buildServer(deps)).app;
}

/**
 * The back office's modules: the audit log, the operators (their own cookie under /admin), KYC
 * (three levels, what each allows, the review queue) and sanctions (screening, compliance's
 * holds), wired and registered; `complete` adds the back office's own calls and the sanctions
 * holds' subjects once the withdrawals and deposits exist.
 */
async function wireBackOffice(app: FastifyInstance, deps: AppDeps, shared: { identity: IdentityModule; assets: AssetsApi }) {
  const { identity, assets } = shared;
  const audit = createAuditModule({ db: deps.db }).api;
  const operators = createOperatorsModule({
    db: deps.db,
    config: deps.config,
    secrets: deps.secrets,
    limiter: identity.limiter,
    audit,
  });
  operators.register(app);
  const kyc = createKycModule({
    db: deps.db,
    config: deps.config,
    secrets: deps.secrets,
    identity: identity.api,
    limiter: identity.limiter,
    audit,
    requireOperator: operators.requireOperator,
    ...(deps.blobs ? { blobs: deps.blobs } : {}),
  });
  await kyc.register(app);
  for (const job of kyc.jobs) deps.jobs?.define(job);
  const sanctions = createSanctionsModule({
    db: deps.db,
    assets,
    identity: identity.api,
    audit,
    requireOperator: operators.requireOperator,
  });
  return {
    audit,
    operators,
    kyc,
    sanctions,
    complete(parts: { withdrawals: WithdrawalsModule; deposits: DepositsModule }): void {
      createBackofficeModule({
        db: deps.db,
        identity: identity.api,
        ledgerReads: createLedgerReads(deps.db),
        assets,
        audit,
        reconciliation: parts.withdrawals.services.reconciliation,
        kyc: kyc.api,
        requireOperator: operators.requireOperator,
      }).register(app);
      sanctions.decideThrough({ withdrawal: parts.withdrawals.sanctionsSubject, deposit: parts.deposits.sanctionsSubject });
      sanctions.register(app);
    },
  };
}
