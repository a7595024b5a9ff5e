import type { ResearchReport } from '@coffer/contract';
import { researchEndpoints } from '@coffer/contract/research-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

/** GET /pfs/research/report/read/{id}: one published report with its paragraphs. */
export function readReport(id: string, signal?: AbortSignal): Promise<ResearchReport> {
  return call(researchEndpoints.read, { params: { id } }, { signal });
}

export const reportQuery = (id: string) =>
  queryOptions({
    queryKey: ['research', 'report', id],
    queryFn: ({ signal }) => readReport(id, signal),
    staleTime: 5 * 60_000,
  });
