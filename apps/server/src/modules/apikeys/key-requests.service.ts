import { randomBytes } from 'node:crypto';
import type { ApiKeyPendingChange, ApiKeySendCodeBody, Language } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import type { IdentityApi } from '../identity';
import { apiKeyError } from './apikeys.errors';
import { countLiveKeys, findLiveKey, findOpenChange, insertChangeWithinCap, isPublicKeyLive } from './apikeys.repository';
import type { StoredKeySettings } from './apikeys.schema';
import { normaliseSettings, parsePublicKey, type KeySettingsInput } from './key-settings';

/** A pending change lives this long (spec §4). */
export const changeLifetimeMinutes = 10;

export interface KeyRequestDeps {
  db: Db;
  identity: Pick<IdentityApi, 'securityFactors' | 'sendSecurityCode'>;
  maxKeys: number;
  /** Pending changes one customer may hold open at once. */
  maxPendingChanges: number;
  /** The customer's address-book entry ids (the withdrawals module's). */
  ownedAddressIds: (userId: string) => Promise<Set<string>>;
}

/**
 * The pre-requests of spec §4: each checks the §5 rules and stores a pending change for its
 * verified request, at most `maxPendingChanges` open per customer.
 */
export interface KeyRequests {
  requestCreate(userId: string, body: KeySettingsInput & { publicKey: string }): Promise<ApiKeyPendingChange>;
  requestEdit(userId: string, body: KeySettingsInput & { accessKey: string }): Promise<ApiKeyPendingChange>;
  requestDelete(userId: string, body: { accessKey: string }): Promise<ApiKeyPendingChange>;
  /** An e-mail or SMS code for an open change of the customer's. */
  sendCode(userId: string, body: ApiKeySendCodeBody, caller: { language: Language; ip: string }): Promise<{ resendAfterSeconds: number }>;
}

export function createKeyRequests(deps: KeyRequestDeps): KeyRequests {
  const { db } = deps;

  async function checkedSettings(userId: string, input: KeySettingsInput): Promise<StoredKeySettings> {
    const settings = normaliseSettings(input);
    if (settings.withdrawAddressIds.length > 0) {
      const owned = await deps.ownedAddressIds(userId);
      if (settings.withdrawAddressIds.some((id) => !owned.has(id))) throw apiKeyError('invalidParameter', {}, 'withdrawAddressIds');
    }
    return settings;
  }

  async function pending(
    userId: string,
    kind: 'create' | 'edit' | 'delete',
    apiKeyId: string | null,
    settings: StoredKeySettings,
  ): Promise<ApiKeyPendingChange> {
    const { factors, fundPasswordSet } = await deps.identity.securityFactors(userId);
    // The fund password guards giving a key the withdraw right (spec §4), so it must exist first.
    const fundPasswordRequired = kind !== 'delete' && settings.rights.includes('withdraw');
    if (fundPasswordRequired && !fundPasswordSet) throw apiKeyError('fundPasswordNotSet');
    const changeId = randomBytes(16).toString('hex');
    const change = { changeId, userId, kind, apiKeyId, settings, fundPasswordRequired };
    const limits = { lifetimeMinutes: changeLifetimeMinutes, maxOpen: deps.maxPendingChanges };
    const expiresAt = await db.transaction().execute((trx) => insertChangeWithinCap(trx, change, limits));
    if (!expiresAt) throw apiKeyError('apiKeyPendingChangesLimitReached', { max: deps.maxPendingChanges });
    return { changeId, kind, expiresAt: expiresAt.toISOString(), twofaList: factors, fundPasswordRequired };
  }

  async function ownKey(userId: string, accessKey: string) {
    const key = await findLiveKey(db, userId, accessKey);
    if (!key) throw apiKeyError('apiKeyNotFound', {}, 'accessKey');
    return key;
  }

  return {
    async requestCreate(userId, body) {
      const settings = await checkedSettings(userId, body);
      const publicKey = parsePublicKey(body.publicKey);
      // Early answers for the form; the verified request checks both again, atomically.
      if ((await countLiveKeys(db, userId)) >= deps.maxKeys) throw apiKeyError('apiKeyLimitReached', { max: deps.maxKeys });
      if (await isPublicKeyLive(db, publicKey.raw)) throw apiKeyError('apiKeyPublicKeyInUse', {}, 'publicKey');
      return pending(userId, 'create', null, { ...settings, publicKeyText: publicKey.text, publicKeyHex: publicKey.raw.toString('hex') });
    },

    async requestEdit(userId, body) {
      const key = await ownKey(userId, body.accessKey);
      return pending(userId, 'edit', key.id, await checkedSettings(userId, body));
    },

    async requestDelete(userId, body) {
      const key = await ownKey(userId, body.accessKey);
      const settings: StoredKeySettings = {
        label: key.label,
        rights: key.rights as StoredKeySettings['rights'],
        ips: key.ips,
        withdrawDailyCents: key.withdraw_daily_cents,
        withdrawAddressIds: key.withdraw_address_ids.map(String),
      };
      return pending(userId, 'delete', key.id, settings);
    },

    async sendCode(userId, body, caller) {
      if (!(await findOpenChange(db, userId, body.changeId))) throw apiKeyError('apiKeyChangeNotFound', {}, 'changeId');
      return deps.identity.sendSecurityCode(userId, 'apiKey', body.channel, caller);
    },
  };
}
