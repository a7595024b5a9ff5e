import { systemEndpoints, type Readiness } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../platform/config';
import { isDatabaseReachable, type Db } from '../../platform/db/database';
import { routeEndpoint, routeEndpointRaw } from '../../platform/http/endpoint-route';
import { dropCredentials } from '../../platform/http/request-context';
import type { JobQueue } from '../../platform/jobs/job-queue';

/** A database that does not answer a probe within this is as good as down. */
const readinessTimeoutMs = 2_000;

async function isReachableWithin(db: Db, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([isDatabaseReachable(db), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Operations probes (anonymous, answered without a session lookup) and the web app's site configuration. */
export function registerSystemRoutes(
  app: FastifyInstance,
  deps: { db: Db; jobs: JobQueue | null; config: AppConfig; version: string },
): void {
  routeEndpointRaw(app, systemEndpoints.health, { onRequest: dropCredentials }, async () => ({ status: 'ok' as const }));

  routeEndpointRaw(app, systemEndpoints.readiness, { onRequest: dropCredentials }, async (_request, reply) => {
    const checks = {
      database: await isReachableWithin(deps.db, readinessTimeoutMs),
      jobs: deps.jobs === null || deps.jobs.isRunning(),
    };
    const isReady = checks.database && checks.jobs;
    const body: Readiness = { status: isReady ? 'ready' : 'not-ready', checks };
    return reply.status(isReady ? 200 : 503).send(body);
  });

  routeEndpoint(app, systemEndpoints.siteConfig, {}, async () => ({
    name: 'coffer' as const,
    version: deps.version,
    environment: deps.config.NODE_ENV,
    mobileSiteUrl: deps.config.MOBILE_SITE_URL ?? null,
    brandVariant: deps.config.BRAND_VARIANT,
  }));
}
