import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { registerSystemRoutes } from './modules/system/system.routes';
import type { AppConfig } from './platform/config';
import type { Db } from './platform/db/database';
import { registerErrorHandler } from './platform/http/error-handler';
import { registerOpenApi } from './platform/http/openapi';
import { registerRequestContext } from './platform/http/request-context';
import { registerWebApp } from './platform/http/web-app';
import type { JobQueue } from './platform/jobs/job-queue';
import type { Logger } from './platform/observability/logger';
import { registerMetrics, type Metrics } from './platform/observability/metrics';

export interface AppDeps {
  config: AppConfig;
  logger: Logger;
  db: Db;
  metrics: Metrics;
  jobs: JobQueue | null;
  version: string;
}

const requestIdPattern = /^[\w.:-]{8,64}$/;

/** Builds the HTTP app from its dependencies; tests call it with their own database. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
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
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerRequestContext(app);
  registerErrorHandler(app);
  registerMetrics(app, deps.metrics);
  await registerOpenApi(app, deps.version);

  registerSystemRoutes(app, deps);

  await registerWebApp(app, deps.config.WEB_DIST_DIR);
  return app;
}
