import { z } from 'zod';
import { apiKeyRights } from '../rules/api-key-rules';
import { captchaTokenSchema } from './captcha';
import { codeSentSchema } from './identity';

/**
 * API keys (spec §3): a note (label), the access key (public key ID) Coffer answers, Coffer's
 * platform public key (it signs Coffer's answers to key requests), the customer's own Ed25519
 * public key, rights, the bound IP whitelist and, for the withdraw right, a 24-hour USD limit
 * and the address-book entries it may withdraw to. There is no secret key: Coffer keeps only
 * the customer's public key.
 */
const code = z.string().trim().max(6);
const accessKey = z.string().trim().min(1).max(64);
const changeId = z.string().trim().min(1).max(64);

export const apiKeyRightSchema = z.enum(apiKeyRights);

/** The editable settings of a key; each text is checked by the §5 rules on the server (its own error code). */
export const apiKeySettingsSchema = z.object({
  label: z.string().max(200),
  rights: z.array(apiKeyRightSchema).max(apiKeyRights.length),
  /** Comma-separated IPv4/IPv6 addresses or CIDR ranges, at most 10; empty: any address. */
  ips: z.string().max(1000).default(''),
  /** With the withdraw right: the most this key may withdraw in 24 hours, USD; null: no key limit. */
  withdrawDailyUsd: z.string().trim().max(24).nullable().default(null),
  /** With the withdraw right: the address-book entry ids it may withdraw to; empty: any. */
  withdrawAddressIds: z.array(z.string().trim().max(19)).max(50).default([]),
});
export type ApiKeySettings = z.input<typeof apiKeySettingsSchema>;

export const createApiKeyBodySchema = apiKeySettingsSchema.extend({
  /** The customer's Ed25519 public key: hex, base64, SPKI base64 or PEM, 20–200 characters. */
  publicKey: z.string().max(400),
});
export type CreateApiKeyBody = z.input<typeof createApiKeyBodySchema>;

export const editApiKeyBodySchema = apiKeySettingsSchema.extend({ accessKey });
export type EditApiKeyBody = z.input<typeof editApiKeyBodySchema>;

export const deleteApiKeyBodySchema = z.object({ accessKey });
export type DeleteApiKeyBody = z.input<typeof deleteApiKeyBodySchema>;

/** What a pending change's verified request must carry. */
export const apiKeyPendingChangeSchema = z.object({
  changeId,
  kind: z.enum(['create', 'edit', 'delete']),
  expiresAt: z.string(),
  /** The bound second factors to give (every one of them), as for other security changes. */
  twofaList: z.array(z.enum(['ga', 'sms', 'email', 'passkey'])),
  /** The fund password too: a change that gives a key the withdraw right. */
  fundPasswordRequired: z.boolean(),
});
export type ApiKeyPendingChange = z.infer<typeof apiKeyPendingChangeSchema>;

export const apiKeySendCodeBodySchema = z.object({ changeId, channel: z.enum(['sms', 'email']) });
export type ApiKeySendCodeBody = z.input<typeof apiKeySendCodeBodySchema>;
export const apiKeyCodeSentSchema = codeSentSchema;

export const verifyApiKeyChangeBodySchema = z.object({
  changeId,
  emailCode: code.optional(),
  smsCode: code.optional(),
  gaCode: code.optional(),
  /** A passkey assertion (WebAuthn JSON) instead of the codes, when the customer has one. */
  passkey: z.record(z.string(), z.unknown()).optional(),
  fundPassword: z.string().max(16).optional(),
  /** After repeated failed verifications the server answers captchaRequired: a token of purpose `apiKey`, spent once. */
  captchaToken: captchaTokenSchema.optional(),
});
export type VerifyApiKeyChangeBody = z.input<typeof verifyApiKeyChangeBodySchema>;

export const apiKeySchema = z.object({
  accessKey: z.string(),
  label: z.string(),
  /** The customer's public key as given at creation. */
  publicKey: z.string(),
  /** Coffer's Ed25519 public key (SPKI, base64) that signs its answers to this key's requests. */
  platformPublicKey: z.string(),
  rights: z.array(apiKeyRightSchema),
  ips: z.array(z.string()),
  withdrawDailyUsd: z.string().nullable(),
  withdrawAddressIds: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.array(apiKeySchema);

export const apiKeyDeletedSchema = z.object({ accessKey: z.string(), deleted: z.literal(true) });

export const apiKeyPermissionSchema = z.object({
  rights: z.array(apiKeyRightSchema),
  maxKeys: z.number().int(),
  maxIps: z.number().int(),
  platformPublicKey: z.string(),
});
export type ApiKeyPermission = z.infer<typeof apiKeyPermissionSchema>;
