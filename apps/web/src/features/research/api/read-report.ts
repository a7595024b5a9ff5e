import type { ResearchReport } from '@coffer/contract';
import { researchPaths } from '@coffer/contract/research-paths';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';

/** GET /pfs/research/report/read/{id}: one published report with its paragraphs. */
export function readReport(id: string, signal?: AbortSignal): Promise<ResearchReport> {
  return apiData<ResearchReport>(researchPaths.read.replace(':id', encodeURIComponent(id)), { signal });
}

export const reportQuery = (id: string) =>
  queryOptions({
    queryKey: ['research', 'report', id],
    queryFn: ({ signal }) => readReport(id, signal),
    staleTime: 5 * 60_000,
  });
