import {
  apiKeyRights,
  ed25519PublicKeyBytes,
  isValidApiKeyLabel,
  parseIpWhitelist,
  toBaseUnits,
  type ApiKey,
  type ApiKeyRight,
} from '@coffer/contract';
import { centsToString } from '../../platform/money/fiat-valuation';
import { apiKeyError } from './apikeys.errors';
import type { ApiKeyRow } from './apikeys.repository';
import type { StoredKeySettings } from './apikeys.schema';

/** What a pre-request gives (the contract's settings, after its defaults). */
export interface KeySettingsInput {
  label: string;
  rights: ApiKeyRight[];
  ips: string;
  withdrawDailyUsd: string | null;
  withdrawAddressIds: string[];
}

const usdAmount = /^\d{1,12}(\.\d{1,2})?$/;
const recordId = /^[1-9]\d{0,18}$/;

/**
 * The §5 rules on a key's settings, each with its own code: the label, the bound IPs (valid,
 * comma-separated, at most 10). Every key reads; trade and withdraw are added rights. The 24-hour
 * limit and bound addresses belong to the withdraw right and are dropped without it.
 */
export function normaliseSettings(input: KeySettingsInput): StoredKeySettings {
  if (!isValidApiKeyLabel(input.label)) throw apiKeyError('apiKeyLabelInvalid', {}, 'label');
  const ips = parseIpWhitelist(input.ips);
  if (!ips.ok) throw apiKeyError('apiKeyIpListInvalid', {}, 'ips');
  const rights = apiKeyRights.filter((right) => right === 'read' || input.rights.includes(right));
  const canWithdraw = rights.includes('withdraw');
  let withdrawDailyCents: string | null = null;
  if (canWithdraw && input.withdrawDailyUsd !== null && input.withdrawDailyUsd !== '') {
    if (!usdAmount.test(input.withdrawDailyUsd)) throw apiKeyError('invalidParameter', {}, 'withdrawDailyUsd');
    const cents = toBaseUnits(input.withdrawDailyUsd, 2);
    if (cents <= 0n) throw apiKeyError('invalidParameter', {}, 'withdrawDailyUsd');
    withdrawDailyCents = cents.toString();
  }
  const addressIds = canWithdraw ? [...new Set(input.withdrawAddressIds)] : [];
  if (addressIds.some((id) => !recordId.test(id))) throw apiKeyError('invalidParameter', {}, 'withdrawAddressIds');
  return { label: input.label.trim(), rights, ips: ips.entries, withdrawDailyCents, withdrawAddressIds: addressIds };
}

/** The customer's Ed25519 public key (hex, base64, SPKI base64 or PEM); RSA, EC and garbage are refused. */
export function parsePublicKey(text: string): { text: string; raw: Buffer } {
  const bytes = ed25519PublicKeyBytes(text);
  if (!bytes) throw apiKeyError('apiKeyPublicKeyInvalid', {}, 'publicKey');
  return { text: text.trim(), raw: Buffer.from(bytes) };
}

/** The key as the customer sees it: everything, and no secret (there is none). */
export function toApiKey(row: ApiKeyRow, platformPublicKey: string): ApiKey {
  return {
    accessKey: row.access_key,
    label: row.label,
    publicKey: row.public_key_text,
    platformPublicKey,
    rights: row.rights as ApiKeyRight[],
    ips: row.ips,
    withdrawDailyUsd: row.withdraw_daily_cents === null ? null : centsToString(BigInt(row.withdraw_daily_cents)),
    withdrawAddressIds: row.withdraw_address_ids.map(String),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
  };
}
