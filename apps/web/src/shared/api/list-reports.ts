import type { Language } from '@coffer/contract/languages';
import type { EndpointResponse } from '@coffer/contract/endpoint';
import type { researchEndpoints } from '@coffer/contract/research-endpoints';
import { researchPaths, type ResearchChannel } from '@coffer/contract/research-paths';
import { queryOptions } from '@tanstack/react-query';
import { call, endpointRoute } from '../http/call';

/** Named by its route: the home page lists news on its first paint, which loads no zod. */
const listEndpoint = endpointRoute<typeof researchEndpoints.list>('GET', researchPaths.list);

type ResearchReportPage = EndpointResponse<typeof researchEndpoints.list>;

export interface ReportListRequest {
  language: Language;
  channel: ResearchChannel;
  pageNum: number;
  pageSize: number;
}

/** GET /pfs/research/anon/report/list/{lang}/{channel}: published items, newest first. */
export function listReports(
  { language, channel, pageNum, pageSize }: ReportListRequest,
  signal?: AbortSignal,
): Promise<ResearchReportPage> {
  return call(listEndpoint, { params: { lang: language, channel }, query: { pageNum, pageSize } }, { signal });
}

export const reportListQuery = (request: ReportListRequest) =>
  queryOptions({
    queryKey: ['research', 'list', request.language, request.channel, request.pageNum, request.pageSize],
    queryFn: ({ signal }) => listReports(request, signal),
    staleTime: 5 * 60_000,
  });
