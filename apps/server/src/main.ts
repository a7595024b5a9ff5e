import { buildServer } from './app';
import { provideChainRuntime } from './modules/chain';
import { provideWithdrawalChains } from './modules/withdrawals';
import { createNodeHeartbeat, pruneStaleNodesJob } from './modules/system';
import { ConfigError, loadConfig } from './platform/config';
import { openDatabase } from './platform/db/database';
import { provideDatabaseServer } from './platform/db/database-server';
import { migrations } from './migrations';
import { migrateToLatest } from './platform/db/migrate';
import { createJobQueue } from './platform/jobs/job-queue';
import { createLogger } from './platform/observability/logger';
import { createMetrics } from './platform/observability/metrics';
import { provideSecrets } from './platform/security/secrets';
import { appVersion } from './version';

/** Starts everything in order and stops it in reverse order on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config);
  const stopSteps: Array<{ name: string; run: () => Promise<void> }> = [];
  let isStopping = false;

  const shutdown = async (reason: string, exitCode: number) => {
    if (isStopping) return;
    isStopping = true;
    logger.info({ reason }, 'shutting down');
    for (const step of stopSteps.reverse()) {
      try {
        await step.run();
      } catch (error) {
        logger.error({ err: error, step: step.name }, 'shutdown step failed');
      }
    }
    logger.info('stopped');
    process.exit(exitCode);
  };
  // A signal during start-up takes effect when start-up ends, so everything it started (the
  // database, the local chain) is stopped too; a second signal ends the process at once.
  let isStarted = false;
  let markStarted = () => {};
  const started = new Promise<void>((resolve) => {
    markStarted = () => {
      isStarted = true;
      resolve();
    };
  });
  const onSignal = (signal: NodeJS.Signals) => {
    if (!isStarted) logger.warn({ signal }, 'start-up under way: stopping when it ends (signal again to stop at once)');
    void started.then(() => shutdown(signal, 0));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  try {
    const databaseServer = await provideDatabaseServer(config, logger);
    stopSteps.push({ name: 'database server', run: databaseServer.stop });

    const database = openDatabase(databaseServer.url, {
      max: config.DATABASE_POOL_SIZE,
      onIdleError: (error) => logger.warn({ err: error }, 'idle database connection lost'),
    });
    stopSteps.push({ name: 'database pool', run: database.close });
    const applied = await migrateToLatest(database.db, migrations);
    logger.info({ applied }, 'migrations checked');

    const secrets = await provideSecrets(config, logger);
    // The Bitcoin and XRP devnets of the embedded default keep their chains in this database.
    const chains = await provideChainRuntime(config, logger, database.db);
    stopSteps.push({ name: 'chains', run: chains.stop });
    const metrics = createMetrics();
    const jobs = config.JOBS_ENABLED ? createJobQueue({ connectionString: databaseServer.url, logger, metrics, isWorker: true }) : null;
    jobs?.define(pruneStaleNodesJob(database.db));

    const heartbeat = createNodeHeartbeat(database.db);
    await heartbeat.start();
    stopSteps.push({ name: 'heartbeat', run: heartbeat.stop });

    // Building the app defines the modules' jobs, so the queue starts after it.
    const { app, bootstrapOperators } = await buildServer({
      config,
      logger,
      db: database.db,
      pool: database.pool,
      asyncCommitPool: database.asyncCommitPool,
      metrics,
      jobs,
      version: appVersion,
      secrets,
      depositChains: { chains: chains.receiving, faucets: chains.faucets },
      withdrawalChains: provideWithdrawalChains({ db: database.db, chains }),
    });
    stopSteps.push({ name: 'http server', run: () => app.close() });
    if (jobs) {
      await jobs.start();
      stopSteps.push({ name: 'job queue', run: jobs.stop });
    }
    await app.listen({ host: config.HOST, port: config.PORT });
    logger.info(
      {
        url: `http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}`,
        embeddedDatabase: databaseServer.isEmbedded,
      },
      'Coffer is up',
    );
    // The embedded default's first start: the back office's super admin and a one-time activation link.
    const firstOperator = await bootstrapOperators();
    if (firstOperator) {
      logger.warn(
        { email: firstOperator.email, activationLink: firstOperator.activationLink, expiresAt: firstOperator.expiresAt },
        'no back-office operator yet: activate the super admin at /admin with this one-time link',
      );
    }
    markStarted();
  } catch (error) {
    logger.fatal({ err: error }, `start-up failed: ${error instanceof Error ? error.message : String(error)}`);
    await shutdown('start-up failed', 1);
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
