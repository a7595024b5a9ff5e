/**
 * The KYC level-2 identity-verification provider (document front/back and selfie, checked by
 * the provider): what the kyc module asks of any provider. Implementations: Sumsub
 * (`sumsub-identity-provider.ts`) and the sandbox the app serves itself (`sandbox-*.ts`).
 */

export type ProviderDocumentType = 'idCard' | 'driverLicence' | 'passport';
export type ProviderLocale = 'en' | 'zh-CN' | 'zh-TW' | 'ru';

export const providerDocumentTypes = ['idCard', 'driverLicence', 'passport'] as const satisfies readonly ProviderDocumentType[];
export const providerLocales = ['en', 'zh-CN', 'zh-TW', 'ru'] as const satisfies readonly ProviderLocale[];

export interface ProviderSessionRequest {
  /** Our application id, opaque to the provider; it comes back in the webhook. */
  reference: string;
  /** An opaque per-customer id, never the e-mail address. */
  customerRef: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  documentType: ProviderDocumentType;
  /** Where the browser returns when the provider's flow ends (the outcome follows by webhook). */
  successUrl: string;
  /** Where the browser returns on a technical failure. */
  errorUrl: string;
  /** Where the provider delivers its webhook (for providers configured per request). */
  callbackUrl: string;
  locale: ProviderLocale;
}

export interface ProviderSession {
  sessionId: string;
  redirectUrl: string;
  expiresAt: Date;
}

/**
 * Why a provider refused, in our words. Each adapter maps its provider's labels onto these;
 * `other` when none fits. A provider's free text never travels here (it may name the person).
 */
export const rejectionReasons = [
  'documentExpired',
  'documentInvalid',
  'documentUnreadable',
  'faceMismatch',
  'selfieUnusable',
  'fraudSuspected',
  'screeningHit',
  'notEligible',
  'other',
] as const;
export type RejectionReason = (typeof rejectionReasons)[number];

/**
 * `retryable`: the provider lets the customer submit again (Sumsub's RETRY), as opposed to a
 * final refusal (Sumsub's FINAL).
 */
export type ProviderOutcome = { kind: 'approved' } | { kind: 'rejected'; reason: string; retryable: boolean } | { kind: 'manualReview' };

export interface ProviderWebhook {
  /** Unique per delivery and the same on every re-delivery: the caller's replay key. */
  deliveryId: string;
  sessionId: string;
  reference: string;
  outcome: ProviderOutcome;
  occurredAt: Date;
}

export type WebhookRefusal = 'badSignature' | 'staleTimestamp' | 'malformed';
export type ParsedWebhook = { ok: true; webhook: ProviderWebhook } | { ok: false; reason: WebhookRefusal };

export type WebhookHeaders = Record<string, string | string[] | undefined>;

export interface SupportedCountry {
  country: string;
  documentTypes: ProviderDocumentType[];
}

export interface IdentityProvider {
  /** Short name for logs and the application row, e.g. `sumsub`, `sandbox`. */
  name: string;
  supportedCountries(): Promise<SupportedCountry[]>;
  /** Rejects with `IdentityProviderError` when the provider refuses or cannot be reached. */
  createSession(request: ProviderSessionRequest): Promise<ProviderSession>;
  /**
   * Verifies a webhook delivery: signature over the RAW body (HMAC, constant-time compare),
   * timestamp within the window; answers the parsed webhook or a refusal reason. Replay (same
   * deliveryId) is refused by the caller's database table, not here.
   */
  parseWebhook(rawBody: Buffer, headers: WebhookHeaders, now: Date): ParsedWebhook;
}

/**
 * The provider refused or could not be reached. The message and facts carry statuses and the
 * provider's codes only, never what was sent, so they are safe to log.
 */
export class IdentityProviderError extends Error {
  override readonly name = 'IdentityProviderError';
  constructor(
    message: string,
    readonly facts: { provider: string; status?: number; providerCode?: number | string; correlationId?: string },
  ) {
    super(message);
  }
}

/** One header's value: headers are matched case-insensitively; a repeated header counts as absent. */
export function headerValue(headers: WebhookHeaders, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === wanted) return typeof value === 'string' ? value : undefined;
  }
  return undefined;
}
