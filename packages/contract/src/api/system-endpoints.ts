import { defineEndpoint } from './endpoint';
import { healthSchema, readinessSchema, serverInfoSchema } from './system';
import { systemPaths } from './system-paths';

const tags = ['system'];

/** Operations probes (plain answers, not envelopes) and the web app's site configuration. */
export const systemEndpoints = {
  health: defineEndpoint({
    method: 'GET',
    path: systemPaths.health,
    tags,
    summary: 'Liveness: the process answers',
    plainResponses: { 200: healthSchema },
  }),
  readiness: defineEndpoint({
    method: 'GET',
    path: systemPaths.readiness,
    tags,
    summary: 'Readiness: the database answers and the job queue runs',
    plainResponses: { 200: readinessSchema, 503: readinessSchema },
  }),
  siteConfig: defineEndpoint({
    method: 'GET',
    path: systemPaths.siteConfig,
    tags,
    summary: 'What the web app needs to know about this deployment',
    response: serverInfoSchema,
  }),
};
