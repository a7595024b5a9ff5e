import PgBoss from 'pg-boss';
import type { Logger } from '../observability/logger';
import type { Metrics } from '../observability/metrics';

/** pg-boss waits this long between fetches, so each fetch takes a batch. */
const pollingIntervalSeconds = 0.5;
const jobsPerFetch = 20;

export interface JobDefinition<Data extends object = Record<string, never>> {
  /** Queue name, `<module>.<what>`. */
  name: string;
  handle(data: Data, context: { jobId: string; logger: Logger }): Promise<void>;
  /** Cron expression (UTC) when the job also runs on a schedule. */
  cron?: string;
  retryLimit?: number;
}

export interface JobQueue {
  define<Data extends object>(definition: JobDefinition<Data>): void;
  send<Data extends object>(name: string, data: Data, options?: PgBoss.SendOptions): Promise<string | null>;
  start(): Promise<void>;
  stop(): Promise<void>;
  isRunning(): boolean;
}

/**
 * Durable jobs and schedules on PostgreSQL through pg-boss. pg-boss fetches with SKIP
 * LOCKED and elects one scheduler, so several server processes on one database each run a
 * job once and a cron schedule fires once per slot.
 */
export function createJobQueue(options: {
  connectionString: string;
  logger: Logger;
  metrics: Metrics;
  /** Whether this process works the queues; API-only processes still send jobs. */
  isWorker: boolean;
}): JobQueue {
  const logger = options.logger.child({ component: 'jobs' });
  const boss = new PgBoss({
    connectionString: options.connectionString,
    schema: 'pgboss',
    application_name: 'coffer-jobs',
    max: 4,
  });
  let isStopping = false;
  // While stopping, the database going away under a closing connection is expected.
  boss.on('error', (error) =>
    isStopping ? logger.debug({ err: error }, 'job queue closing') : logger.error({ err: error }, 'job queue error'),
  );
  // Each definition is stored erased; `define` is where its data type is checked.
  const definitions = new Map<string, JobDefinition<object>>();
  let running = false;

  async function startWorking(definition: JobDefinition<object>): Promise<void> {
    await boss.createQueue(definition.name, { name: definition.name, retryLimit: definition.retryLimit ?? 3 });
    if (definition.cron) await boss.schedule(definition.name, definition.cron, {}, { tz: 'UTC' });
    if (!options.isWorker) return;
    await boss.work<object>(definition.name, { batchSize: jobsPerFetch, pollingIntervalSeconds: pollingIntervalSeconds }, async (jobs) => {
      // Each job settles on its own: a failure is failed by id (and retried by pg-boss),
      // and the batch resolves so pg-boss completes only the jobs still active.
      for (const job of jobs) {
        const jobLogger = logger.child({ queue: definition.name, jobId: job.id });
        try {
          await definition.handle(job.data, { jobId: job.id, logger: jobLogger });
          options.metrics.jobs.inc({ queue: definition.name, outcome: 'completed' });
        } catch (error) {
          options.metrics.jobs.inc({ queue: definition.name, outcome: 'failed' });
          jobLogger.error({ err: error }, 'job failed');
          await boss.fail(definition.name, job.id, { message: error instanceof Error ? error.message : String(error) });
        }
      }
    });
  }

  return {
    define(definition) {
      if (definitions.has(definition.name)) throw new Error(`job ${definition.name} defined twice`);
      definitions.set(definition.name, definition as unknown as JobDefinition<object>);
    },
    send: (name, data, sendOptions = {}) => boss.send(name, data, sendOptions),
    async start() {
      await boss.start();
      for (const definition of definitions.values()) await startWorking(definition);
      running = true;
      logger.info({ queues: [...definitions.keys()], isWorker: options.isWorker }, 'job queue started');
    },
    async stop() {
      if (!running) return;
      running = false;
      isStopping = true;
      // pg-boss resolves stop() before its own pool is closed; 'stopped' says it is.
      const stopped = new Promise<void>((resolve) => {
        boss.once('stopped', () => resolve());
        setTimeout(resolve, 15_000).unref();
      });
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
      await stopped;
    },
    isRunning: () => running,
  };
}
