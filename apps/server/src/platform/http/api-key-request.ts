import type { ApiKeyRight } from '@coffer/contract';
import type { FastifyInstance } from 'fastify';

/** The API key a signed request was made with (issue 16), for the modules whose rules depend on it. */
export interface ApiKeyCaller {
  id: string;
  rights: readonly ApiKeyRight[];
  /** With the withdraw right: the most this key may withdraw in 24 hours, USD; null: no key limit. */
  withdrawDailyUsd: string | null;
  /** With the withdraw right: the address-book entries it may withdraw to; empty: any. */
  withdrawAddressIds: readonly string[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The right an API key needs to reach this route (the contract endpoint's `apiKeyRight`,
     * passed by `routeEndpoint`); absent: no key reaches it.
     */
    apiKeyRight?: ApiKeyRight;
  }
  interface FastifyRequest {
    /**
     * Set when the request was signed with an API key and passed every check; null for a
     * session (cookie or `jwt-token`) or an anonymous request. Declared here, in the platform,
     * so a module reads it without importing the API key module.
     */
    apiKey: ApiKeyCaller | null;
  }
}

export function registerApiKeyRequest(app: FastifyInstance): void {
  app.decorateRequest('apiKey', null);
}
