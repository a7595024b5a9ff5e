import type { ServerInfo } from '@coffer/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiData } from './http/http-client';

export const siteConfigQuery = queryOptions({
  queryKey: ['site-config'],
  queryFn: ({ signal }) => apiData<ServerInfo>('/pfs/anon/v1/site-config', { signal }),
  staleTime: Infinity,
});
