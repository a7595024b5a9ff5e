import type { systemEndpoints } from '@coffer/contract/system-endpoints';
import { systemPaths } from '@coffer/contract/system-paths';
import { queryOptions } from '@tanstack/react-query';
import { call, endpointRoute } from './http/call';

/** Named by its route: the route guards run it before the first paint, which loads no zod. */
const siteConfig = endpointRoute<typeof systemEndpoints.siteConfig>('GET', systemPaths.siteConfig);

export const siteConfigQuery = queryOptions({
  queryKey: ['site-config'],
  queryFn: ({ signal }) => call(siteConfig, {}, { signal }),
  staleTime: Infinity,
});
