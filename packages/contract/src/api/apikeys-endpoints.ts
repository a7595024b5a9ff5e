import { defineEndpoint } from './endpoint';
import {
  apiKeyCodeSentSchema,
  apiKeyDeletedSchema,
  apiKeyListSchema,
  apiKeyPendingChangeSchema,
  apiKeyPermissionSchema,
  apiKeySchema,
  apiKeySendCodeBodySchema,
  createApiKeyBodySchema,
  deleteApiKeyBodySchema,
  editApiKeyBodySchema,
  verifyApiKeyChangeBodySchema,
} from './apikeys';
import { apiKeyPaths } from './apikeys-paths';

const tags = ['api-keys'];

/** API key management (spec §7 `/ak/v1/...`): signed-in customers only, never through a key. */
export const apiKeyEndpoints = {
  sendCode: defineEndpoint({
    method: 'POST',
    path: apiKeyPaths.sendCode,
    tags,
    summary: 'Send an e-mail or SMS code for a pending API key change',
    body: apiKeySendCodeBodySchema,
    response: apiKeyCodeSentSchema,
  }),
  create: defineEndpoint({
    method: 'POST',
    path: apiKeyPaths.create,
    tags,
    summary: 'Pre-request of a new API key: answers a pending change (10 minutes)',
    body: createApiKeyBodySchema,
    response: apiKeyPendingChangeSchema,
  }),
  verifyCreate: defineEndpoint({
    method: 'POST',
    path: apiKeyPaths.verifyCreate,
    tags,
    summary: 'Verified request creating the API key',
    body: verifyApiKeyChangeBodySchema,
    response: apiKeySchema,
  }),
  edit: defineEndpoint({
    method: 'POST',
    path: apiKeyPaths.edit,
    tags,
    summary: 'Pre-request of an API key edit',
    body: editApiKeyBodySchema,
    response: apiKeyPendingChangeSchema,
  }),
  verifyEdit: defineEndpoint({
    method: 'POST',
    path: apiKeyPaths.verifyEdit,
    tags,
    summary: 'Verified request applying the API key edit',
    body: verifyApiKeyChangeBodySchema,
    response: apiKeySchema,
  }),
  remove: defineEndpoint({
    method: 'POST',
    path: apiKeyPaths.remove,
    tags,
    summary: 'Pre-request of an API key deletion',
    body: deleteApiKeyBodySchema,
    response: apiKeyPendingChangeSchema,
  }),
  verifyRemove: defineEndpoint({
    method: 'POST',
    path: apiKeyPaths.verifyRemove,
    tags,
    summary: 'Verified request deleting the API key',
    body: verifyApiKeyChangeBodySchema,
    response: apiKeyDeletedSchema,
  }),
  permission: defineEndpoint({
    method: 'GET',
    path: apiKeyPaths.permission,
    tags,
    summary: 'Rights a key may hold, the most keys and bound IPs, the platform public key',
    response: apiKeyPermissionSchema,
  }),
  keys: defineEndpoint({
    method: 'GET',
    path: apiKeyPaths.keys,
    tags,
    summary: "The customer's API keys",
    response: apiKeyListSchema,
  }),
} as const;
