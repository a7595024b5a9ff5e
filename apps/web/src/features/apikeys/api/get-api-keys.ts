import type { ApiKey, ApiKeyPermission } from '@coffer/contract';
import { apiKeyEndpoints } from '@coffer/contract/apikeys-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

export function getApiKeys(signal?: AbortSignal): Promise<ApiKey[]> {
  return call(apiKeyEndpoints.keys, {}, { signal });
}

export function getApiKeyPermission(signal?: AbortSignal): Promise<ApiKeyPermission> {
  return call(apiKeyEndpoints.permission, {}, { signal });
}

/** The customer's API keys. */
export const apiKeysQuery = queryOptions({
  queryKey: ['apikeys', 'keys'],
  queryFn: ({ signal }) => getApiKeys(signal),
});

/** Rights a key may hold, the most keys and bound IPs, the platform public key. */
export const apiKeyPermissionQuery = queryOptions({
  queryKey: ['apikeys', 'permission'],
  queryFn: ({ signal }) => getApiKeyPermission(signal),
  staleTime: 5 * 60_000,
});
