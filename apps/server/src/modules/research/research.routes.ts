import { researchEndpoints } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import { routeEndpoint } from '../../platform/http/endpoint-route';
import { requireSession } from '../identity';
import type { ResearchService } from './research.service';

/** Research reports and news of spec §7: an anonymous list per language and channel, and reading one item. */
export function registerResearchRoutes(app: FastifyInstance, research: ResearchService): void {
  routeEndpoint(app, researchEndpoints.list, {}, (request) => research.list(request.params.lang, request.params.channel, request.query));
  routeEndpoint(app, researchEndpoints.read, { preHandler: requireSession }, (request) => research.read(request.params.id));
}
