import { identityPaths } from '@coffer/contract/identity-paths';
import { apiData } from '../../../shared/http/http-client';

export const sessionRequestPath = identityPaths.sessionRequest;

export interface SessionRequest {
  exSessionId: string;
  source: string;
  equipmentName: string;
}

/** Spec §3/§7: the answer of "get session". */
export interface SessionGrant {
  userNo: string;
  session?: string;
  preLoginToken: string;
  twofaList: string[];
  clientToken?: string;
}

export function requestSession(body: SessionRequest, signal?: AbortSignal): Promise<SessionGrant> {
  return apiData<SessionGrant>(sessionRequestPath, { method: 'POST', body, signal });
}
