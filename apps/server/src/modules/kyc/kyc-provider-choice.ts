import { countries, isRestrictedRegion } from '@coffer/contract';
import { isProductionDeployment, type AppConfig } from '../../platform/config';
import { hmacSha256Hex } from '../../platform/security/crypto';
import type { IdentityProvider } from './provider/identity-provider';
import { providerDocumentTypes } from './provider/identity-provider';
import { createSandboxProvider } from './provider/sandbox-identity-provider';
import { createSumsubIdentityProvider } from './provider/sumsub-identity-provider';

export type KycProviderConfig = Pick<
  AppConfig,
  | 'NODE_ENV'
  | 'DATABASE_URL'
  | 'KYC_PROVIDER'
  | 'SUMSUB_API_URL'
  | 'SUMSUB_APP_TOKEN'
  | 'SUMSUB_SECRET_KEY'
  | 'SUMSUB_WEBHOOK_SECRET'
  | 'SUMSUB_LEVEL_NAME'
>;

/**
 * A secret of its own for each use, derived from the server key (never the key itself). Not
 * `macOf` (which puts a NUL between purpose and value): the files' key and the QR and sandbox
 * secrets derived so far must stay exactly these bytes.
 */
export function derivedSecret(key: Buffer, purpose: string): string {
  return hmacSha256Hex(key, `coffer/kyc/${purpose}`);
}

/** Whether the app serves the sandbox provider: asked for, or by default outside production. */
export function servesSandbox(config: KycProviderConfig): boolean {
  return config.KYC_PROVIDER === 'sandbox' || (config.KYC_PROVIDER === undefined && !isProductionDeployment(config));
}

/**
 * The KYC2 provider the configuration names: Sumsub with its credentials, the app's own sandbox
 * (reached over HTTP at the app's address, known once it listens), or none.
 */
export function chooseIdentityProvider(config: KycProviderConfig, key: Buffer, selfUrl: () => string): IdentityProvider | null {
  if (config.KYC_PROVIDER === 'sumsub') {
    if (!config.SUMSUB_APP_TOKEN || !config.SUMSUB_SECRET_KEY || !config.SUMSUB_WEBHOOK_SECRET) {
      throw new Error('KYC_PROVIDER=sumsub needs SUMSUB_APP_TOKEN, SUMSUB_SECRET_KEY and SUMSUB_WEBHOOK_SECRET');
    }
    return createSumsubIdentityProvider({
      apiUrl: config.SUMSUB_API_URL,
      appToken: config.SUMSUB_APP_TOKEN,
      secretKey: config.SUMSUB_SECRET_KEY,
      webhookSecretKey: config.SUMSUB_WEBHOOK_SECRET,
      levelName: config.SUMSUB_LEVEL_NAME,
      countries: countries
        .filter((each) => !isRestrictedRegion(each.code))
        .map((each) => ({ country: each.code, documentTypes: [...providerDocumentTypes] })),
      // Sumsub re-sends a failed webhook after 5 min, 1 h, 5 h and 18 h; the delivery table deduplicates.
      webhookMaxAgeSeconds: 24 * 3600,
    });
  }
  if (!servesSandbox(config)) return null;
  const secret = derivedSecret(key, 'sandbox');
  // Built per call: the app's own address is known only once it listens.
  const sandbox = () => createSandboxProvider({ baseUrl: selfUrl(), secret });
  return {
    name: 'sandbox',
    supportedCountries: () => sandbox().supportedCountries(),
    createSession: (request) => sandbox().createSession(request),
    parseWebhook: (rawBody, headers, now) => sandbox().parseWebhook(rawBody, headers, now),
  };
}
