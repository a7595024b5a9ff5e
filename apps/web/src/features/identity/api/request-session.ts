import type { EndpointBody, EndpointResponse } from '@coffer/contract/endpoint';
import type { identityEndpoints } from '@coffer/contract/identity-endpoints';
import { identityPaths } from '@coffer/contract/identity-paths';
import { call, endpointRoute } from '../../../shared/http/call';

/** Named by its route: the route guards make this call before the first paint, which loads no zod. */
const sessionRequest = endpointRoute<typeof identityEndpoints.sessionRequest>('POST', identityPaths.sessionRequest);

export type SessionRequest = EndpointBody<typeof identityEndpoints.sessionRequest>;

/** Spec §3/§7: the answer of "get session". */
export type SessionGrant = EndpointResponse<typeof identityEndpoints.sessionRequest>;

export function requestSession(body: SessionRequest, signal?: AbortSignal): Promise<SessionGrant> {
  return call(sessionRequest, { body }, { signal });
}
