import type { DisplayFeature } from '@coffer/contract';
import type { identityEndpoints } from '@coffer/contract/identity-endpoints';
import { identityPaths } from '@coffer/contract/identity-paths';
import { queryOptions } from '@tanstack/react-query';
import { call, endpointRoute } from '../http/call';

const displayName = endpointRoute<typeof identityEndpoints.displayName>('GET', identityPaths.displayName);

/**
 * The gray release of the display (spec §7 gray/displayName): the optional menu entries this
 * customer does not see. Read at start; the menus leave these out (an unanswered call hides nothing).
 */
export const displayNameQuery = queryOptions({
  queryKey: ['identity', 'display-name'],
  queryFn: ({ signal }) => call(displayName, {}, { signal }),
  staleTime: 5 * 60_000,
});

export function hiddenFeatures(answer: { hidden: readonly DisplayFeature[] } | undefined): ReadonlySet<string> {
  return new Set<string>(answer?.hidden ?? []);
}
