import { defineEndpoint } from './endpoint';
import {
  researchListParamsSchema,
  researchListQuerySchema,
  researchReadParamsSchema,
  researchReportPageSchema,
  researchReportSchema,
} from './research';
import { researchPaths } from './research-paths';

const tags = ['research'];

/** Research reports and news (spec §7 `/pfs/research/...`). */
export const researchEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: researchPaths.list,
    tags,
    summary: 'Published research reports or news of one language, newest first (pageSize at most 50)',
    params: researchListParamsSchema,
    query: researchListQuerySchema,
    response: researchReportPageSchema,
  }),
  read: defineEndpoint({
    method: 'GET',
    path: researchPaths.read,
    tags,
    summary: 'One published report with its paragraphs',
    params: researchReadParamsSchema,
    response: researchReportSchema,
  }),
};
