import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { AppConfig } from '../config';
import { sendError } from '../http/error-handler';
import { dropCredentials } from '../http/request-context';

export interface Metrics {
  registry: Registry;
  httpRequests: Counter<'method' | 'route' | 'status'>;
  httpDuration: Histogram<'method' | 'route'>;
  jobs: Counter<'queue' | 'outcome'>;
}

/** One registry per app instance, so tests building several apps do not collide. */
export function createMetrics(): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'coffer_' });
  return {
    registry,
    httpRequests: new Counter({
      name: 'coffer_http_requests_total',
      help: 'HTTP requests answered, by route pattern and status',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'coffer_http_request_duration_seconds',
      help: 'HTTP request latency, by route pattern',
      labelNames: ['method', 'route'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    jobs: new Counter({
      name: 'coffer_jobs_total',
      help: 'Background jobs finished, by queue and outcome',
      labelNames: ['queue', 'outcome'],
      registers: [registry],
    }),
  };
}

/**
 * Who may scrape /metrics: with `METRICS_TOKEN`, only `Authorization: Bearer <token>`; without
 * one, everyone in development and tests and nobody in production (process and business
 * figures are not for the public).
 */
/** Who may read `/metrics`: bearers of the token, anyone (development), or nobody. */
export type MetricsAccess = { token: string } | 'open' | 'closed';

export function metricsAccess(config: Pick<AppConfig, 'NODE_ENV' | 'METRICS_TOKEN'>): MetricsAccess {
  if (config.METRICS_TOKEN) return { token: config.METRICS_TOKEN };
  return config.NODE_ENV === 'production' ? 'closed' : 'open';
}

function isBearer(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(header ?? '')?.[1]?.trim() ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function registerMetrics(app: FastifyInstance, metrics: Metrics, access: MetricsAccess): void {
  app.addHook('onResponse', async (request, reply) => {
    // Unmatched URLs share one label so scanners cannot blow up the series count.
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route };
    metrics.httpRequests.inc({ ...labels, status: String(reply.statusCode) });
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
  app.get(
    '/metrics',
    {
      schema: { hide: true },
      onRequest: [
        dropCredentials,
        async (request, reply) => {
          if (access === 'open' || (access !== 'closed' && isBearer(request.headers.authorization, access.token))) return undefined;
          reply.header('www-authenticate', 'Bearer realm="metrics"');
          return sendError(request, reply, { key: 'noPermission', httpStatus: 401 });
        },
      ],
    },
    async (_request, reply) => {
      reply.header('content-type', metrics.registry.contentType);
      return metrics.registry.metrics();
    },
  );
}
