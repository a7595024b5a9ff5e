import type { Language } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../platform/db/database';
import { registerResearchRoutes } from './research.routes';
import { createResearchService } from './research.service';

/** What other modules (the wallet dashboard) read from research. */
export interface ResearchApi {
  /** The newest published items of both channels in one language, as dashboard news links. */
  latestNews(language: Language, limit: number): Promise<Array<{ title: string; url: string; time: string }>>;
}

/** What `app.ts` gets: the API other modules read and the routes. */
export interface ResearchModule {
  api: ResearchApi;
  register(app: FastifyInstance): void;
}

/** The research module: research reports and news in the four languages (spec §1, §2, §7). */
export function createResearchModule(deps: { db: Db }): ResearchModule {
  const service = createResearchService(deps);
  const api: ResearchApi = { latestNews: (language, limit) => service.latestNews(language, limit) };
  return {
    api,
    register: (app: FastifyInstance) => registerResearchRoutes(app, service),
  };
}
