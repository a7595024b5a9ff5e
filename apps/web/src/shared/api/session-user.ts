import type { identityEndpoints } from '@coffer/contract/identity-endpoints';
import { identityPaths } from '@coffer/contract/identity-paths';
import { queryOptions } from '@tanstack/react-query';
import { call, endpointRoute } from '../http/call';

/** Named by its route: the route guards run it before the first paint, which loads no zod. */
const userInfo = endpointRoute<typeof identityEndpoints.userInfo>('GET', identityPaths.userInfo);

/** The signed-in user (spec §7 user info): read by the route guards, the live channel and every screen that needs the session. */
export const sessionUserQuery = queryOptions({
  queryKey: ['identity', 'session-user'],
  queryFn: ({ signal }) => call(userInfo, {}, { signal }),
  staleTime: 30_000,
});
