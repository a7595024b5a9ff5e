import type { Language, ResearchReportPage } from '@coffer/contract';
import { researchPaths, type ResearchChannel } from '@coffer/contract/research-paths';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';

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
  const path = researchPaths.list.replace(':lang', encodeURIComponent(language)).replace(':channel', channel);
  return apiData<ResearchReportPage>(path, { query: { pageNum, pageSize }, signal });
}

export const reportListQuery = (request: ReportListRequest) =>
  queryOptions({
    queryKey: ['research', 'list', request.language, request.channel, request.pageNum, request.pageSize],
    queryFn: ({ signal }) => listReports(request, signal),
    staleTime: 5 * 60_000,
  });
