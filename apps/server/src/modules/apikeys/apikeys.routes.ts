import { apiKeyEndpoints, apiKeyIpsMax, apiKeyRights } from '@coffer/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routeEndpoint } from '../../platform/http/endpoint-route';
import { requestFacts, requireSession, signedIn } from '../identity';
import { listLiveKeys } from './apikeys.repository';
import type { Db } from '../../platform/db/database';
import type { KeyRequests } from './key-requests.service';
import { toApiKey } from './key-settings';
import type { Caller, KeyVerification } from './key-verification.service';

function callerOf(request: FastifyRequest): Caller {
  return { ...requestFacts(request), language: request.language };
}

/**
 * Key management of spec §7 (`/ak/v1/...`): signed-in customers only. None of these endpoints
 * declares an API key right, so a signed request never reaches them (noPermission).
 */
export function registerApiKeyRoutes(
  app: FastifyInstance,
  deps: { db: Db; requests: KeyRequests; verification: KeyVerification; maxKeys: number; platformPublicKey: string },
): void {
  const guarded = { preHandler: requireSession };
  const { requests, verification, platformPublicKey } = deps;
  const userOf = (request: FastifyRequest) => signedIn(request).userId;

  routeEndpoint(app, apiKeyEndpoints.sendCode, guarded, (request) =>
    requests.sendCode(userOf(request), request.body, { language: request.language, ip: request.ip }),
  );
  routeEndpoint(app, apiKeyEndpoints.create, guarded, (request) => requests.requestCreate(userOf(request), request.body));
  routeEndpoint(app, apiKeyEndpoints.edit, guarded, (request) => requests.requestEdit(userOf(request), request.body));
  routeEndpoint(app, apiKeyEndpoints.remove, guarded, (request) => requests.requestDelete(userOf(request), request.body));
  routeEndpoint(app, apiKeyEndpoints.verifyCreate, guarded, async (request) =>
    toApiKey(await verification.verify(userOf(request), 'create', request.body, callerOf(request)), platformPublicKey),
  );
  routeEndpoint(app, apiKeyEndpoints.verifyEdit, guarded, async (request) =>
    toApiKey(await verification.verify(userOf(request), 'edit', request.body, callerOf(request)), platformPublicKey),
  );
  routeEndpoint(app, apiKeyEndpoints.verifyRemove, guarded, async (request) => {
    const row = await verification.verify(userOf(request), 'delete', request.body, callerOf(request));
    return { accessKey: row.access_key, deleted: true as const };
  });
  routeEndpoint(app, apiKeyEndpoints.permission, guarded, async () => ({
    rights: [...apiKeyRights],
    maxKeys: deps.maxKeys,
    maxIps: apiKeyIpsMax,
    platformPublicKey,
  }));
  routeEndpoint(app, apiKeyEndpoints.keys, guarded, async (request) =>
    (await listLiveKeys(deps.db, userOf(request))).map((row) => toApiKey(row, platformPublicKey)),
  );
}
