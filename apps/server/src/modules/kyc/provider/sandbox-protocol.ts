import { randomBytes } from 'node:crypto';
import { z } from 'zod';
import { isStorableText } from '../../../platform/http/input-guard';
import { providerDocumentTypes, providerLocales, type RejectionReason } from './identity-provider';
import { hmacHex } from './signing';

/**
 * The sandbox identity provider's wire format, shared by its adapter (the caller) and its
 * routes (the provider). Both directions are signed with one shared secret, hex HMAC-SHA256:
 * - API requests: `x-sandbox-timestamp` (unix seconds) and `x-sandbox-signature` over
 *   `${timestamp}.${METHOD}.${path?query}.${rawBody}`;
 * - webhooks: the same two headers over `${timestamp}.${rawBody}`, plus `x-sandbox-delivery`.
 * A timestamp more than `sandboxWindowSeconds` from the receiver's clock is refused.
 */
export const sandboxHeaders = {
  signature: 'x-sandbox-signature',
  timestamp: 'x-sandbox-timestamp',
  delivery: 'x-sandbox-delivery',
} as const;

export const sandboxWindowSeconds = 300;
export const sandboxSessionTtlSeconds = 30 * 60;
/** The shortest shared secret accepted: the HMAC is no stronger than its key. */
export const sandboxMinSecretLength = 16;

export const sandboxPaths = {
  sessions: '/sandbox/kyc/api/sessions',
  countries: '/sandbox/kyc/api/countries',
  redeliver: (sessionId: string) => `/sandbox/kyc/api/sessions/${sessionId}/redeliver`,
  page: (sessionId: string) => `/sandbox/kyc/session/${sessionId}`,
  complete: (sessionId: string) => `/sandbox/kyc/session/${sessionId}/complete`,
} as const;

/** The reasons a tester may reject with: the common ones of every provider. */
export const sandboxRejectReasons = [
  'documentExpired',
  'documentUnreadable',
  'faceMismatch',
  'fraudSuspected',
] as const satisfies readonly RejectionReason[];

export const sandboxSessionIdPattern = /^sbx_[0-9a-f]{32}$/;
export const sandboxDeliveryIdPattern = /^dlv_[0-9a-f]{32}$/;
export const newSandboxSessionId = () => `sbx_${randomBytes(16).toString('hex')}`;
export const newSandboxDeliveryId = () => `dlv_${randomBytes(16).toString('hex')}`;

export function assertSandboxSecret(secret: string): void {
  if (secret.length < sandboxMinSecretLength)
    throw new Error(`The KYC sandbox secret must be at least ${sandboxMinSecretLength} characters`);
}

export function signSandboxRequest(
  secret: string,
  timestamp: string,
  method: string,
  pathAndQuery: string,
  rawBody: Buffer | string,
): string {
  return hmacHex('sha256', secret, `${timestamp}.${method.toUpperCase()}.${pathAndQuery}.`, rawBody);
}

export function signSandboxWebhook(secret: string, timestamp: string, rawBody: Buffer | string): string {
  return hmacHex('sha256', secret, `${timestamp}.`, rawBody);
}

/** Our opaque ids as the sandbox accepts them: printable, no spaces, at most 128 characters. */
const opaqueIdSchema = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/);

/** An absolute http(s) URL in printable ASCII (no spaces, no control characters), without credentials. */
const webUrlSchema = z
  .string()
  .max(2048)
  .regex(/^[\x21-\x7e]+$/)
  .refine((text) => {
    try {
      const url = new URL(text);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  });

export const sandboxSessionRequestSchema = z
  .object({
    reference: opaqueIdSchema,
    customerRef: opaqueIdSchema,
    country: z.string().regex(/^[A-Z]{2}$/),
    documentType: z.enum(providerDocumentTypes),
    successUrl: webUrlSchema,
    errorUrl: webUrlSchema,
    callbackUrl: webUrlSchema,
    locale: z.enum(providerLocales),
  })
  .strict();

export const sandboxSessionAnswerSchema = z
  .object({ sessionId: z.string().regex(sandboxSessionIdPattern), redirectUrl: webUrlSchema, expiresAt: z.iso.datetime() })
  .strict();

export const sandboxCountriesAnswerSchema = z
  .object({
    countries: z.array(
      z.object({ country: z.string().regex(/^[A-Z]{2}$/), documentTypes: z.array(z.enum(providerDocumentTypes)) }).strict(),
    ),
  })
  .strict();

export const sandboxOutcomeSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('approved') }).strict(),
  z.object({ kind: z.literal('rejected'), reason: z.enum(sandboxRejectReasons), retryable: z.boolean() }).strict(),
  z.object({ kind: z.literal('manualReview') }).strict(),
]);

export type SandboxOutcome = z.infer<typeof sandboxOutcomeSchema>;

export const sandboxWebhookSchema = z
  .object({
    deliveryId: z.string().regex(sandboxDeliveryIdPattern),
    sessionId: z.string().regex(sandboxSessionIdPattern),
    reference: opaqueIdSchema,
    outcome: sandboxOutcomeSchema,
    occurredAt: z.iso.datetime(),
  })
  .strict();
export type SandboxWebhookBody = z.infer<typeof sandboxWebhookSchema>;

/** Whether every string in a parsed value is free of control characters (the platform's rule). */
export function hasOnlyStorableText(value: unknown): boolean {
  if (typeof value === 'string') return isStorableText(value);
  if (Array.isArray(value)) return value.every(hasOnlyStorableText);
  if (typeof value === 'object' && value !== null)
    return Object.entries(value).every(([key, child]) => isStorableText(key) && hasOnlyStorableText(child));
  return true;
}
