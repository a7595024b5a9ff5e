import {
  envelopeSchema,
  researchListParamsSchema,
  researchListQuerySchema,
  researchPaths,
  researchReadParamsSchema,
  researchReportPageSchema,
  researchReportSchema,
} from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { successEnvelope } from '../../platform/http/envelope';
import { requireSession } from '../identity';
import type { ResearchService } from './research.service';

/** Research reports and news of spec §7: an anonymous list per language and channel, and reading one item. */
export function registerResearchRoutes(app: FastifyInstance, research: ResearchService): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['research'];

  routes.get(
    researchPaths.list,
    {
      schema: {
        tags,
        summary: 'Published research reports or news of one language, newest first (pageSize at most 50)',
        params: researchListParamsSchema,
        querystring: researchListQuerySchema,
        response: { 200: envelopeSchema(researchReportPageSchema) },
      },
    },
    async (request) => successEnvelope(request.language, await research.list(request.params.lang, request.params.channel, request.query)),
  );
  routes.get(
    researchPaths.read,
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'One published report with its paragraphs',
        params: researchReadParamsSchema,
        response: { 200: envelopeSchema(researchReportSchema) },
      },
    },
    async (request) => successEnvelope(request.language, await research.read(request.params.id)),
  );
}
