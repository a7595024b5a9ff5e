import { randomBytes } from 'node:crypto';
import { securityOperations, type Language, type VerifyApiKeyChangeBody } from '@coffer/contract';
import type { Messenger } from '../../platform/adapters/messenger';
import type { Db } from '../../platform/db/database';
import type { IdentityApi, RequestFacts } from '../identity';
import { apiKeyError } from './apikeys.errors';
import {
  announceKeyChange,
  consumeChange,
  countLiveKeys,
  deleteKey,
  findOpenChange,
  insertKey,
  lockCustomerKeys,
  updateKey,
  type ApiKeyChangeRow,
  type ApiKeyRow,
} from './apikeys.repository';
import { apiKeyNotice } from './key-notice';

type ChangeKind = 'create' | 'edit' | 'delete';

export interface KeyVerificationDeps {
  db: Db;
  identity: Pick<IdentityApi, 'verifySecurityChange' | 'recordSecurityChange' | 'noticeEmail'>;
  messenger: Messenger;
  maxKeys: number;
}

export interface Caller extends RequestFacts {
  language: Language;
}

/** The verified requests of spec §4: every bound factor (and the fund password for the withdraw right), then the change. */
export interface KeyVerification {
  verify(userId: string, kind: ChangeKind, body: VerifyApiKeyChangeBody, caller: Caller): Promise<ApiKeyRow>;
  /**
   * Spends the open change and makes it, in one transaction with its security-history row and
   * the NOTIFY that drops the key from every node's cache. Verification comes first (`verify`).
   */
  apply(userId: string, kind: ChangeKind, changeId: string, caller: Caller): Promise<ApiKeyRow>;
}

const operations: Record<ChangeKind, number> = {
  create: securityOperations.createApiKey,
  edit: securityOperations.editApiKey,
  delete: securityOperations.deleteApiKey,
};

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown }).code === '23505';
}

export function createKeyVerification(deps: KeyVerificationDeps): KeyVerification {
  const { db } = deps;

  async function make(trx: Db, userId: string, change: ApiKeyChangeRow): Promise<ApiKeyRow | undefined> {
    const { settings } = change;
    if (change.kind === 'edit') return updateKey(trx, userId, change.api_key_id!, settings);
    if (change.kind === 'delete') return deleteKey(trx, userId, change.api_key_id!);
    // The count and the insert under one per-customer lock: parallel creates cannot pass the most keys together.
    await lockCustomerKeys(trx, userId);
    if ((await countLiveKeys(trx, userId)) >= deps.maxKeys) throw apiKeyError('apiKeyLimitReached', { max: deps.maxKeys });
    return insertKey(trx, {
      userId,
      accessKey: randomBytes(16).toString('hex'),
      publicKeyText: settings.publicKeyText ?? '',
      publicKeyRaw: Buffer.from(settings.publicKeyHex ?? '', 'hex'),
      settings,
    });
  }

  async function apply(userId: string, kind: ChangeKind, changeId: string, caller: Caller): Promise<ApiKeyRow> {
    let row: ApiKeyRow;
    try {
      row = await db.transaction().execute(async (trx) => {
        const change = await consumeChange(trx, userId, changeId);
        if (!change || change.kind !== kind) throw apiKeyError('apiKeyChangeNotFound', {}, 'changeId');
        const made = await make(trx, userId, change);
        if (!made) throw apiKeyError('apiKeyNotFound', {}, 'accessKey');
        await deps.identity.recordSecurityChange(trx, userId, operations[kind], caller);
        await announceKeyChange(trx, made.access_key);
        return made;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw apiKeyError('apiKeyPublicKeyInUse', {}, 'publicKey');
      throw error;
    }
    const email = await deps.identity.noticeEmail(userId);
    if (email) {
      const notice = apiKeyNotice(caller.language, kind, { label: row.label, accessKey: row.access_key });
      // The notice must not undo the change it reports; a failed delivery is logged by the messenger.
      await deps.messenger.send({ channel: 'email', to: email, ...notice }).catch(() => undefined);
    }
    return row;
  }

  return {
    async verify(userId, kind, body, caller) {
      // Only a read before the codes are counted: a missing, foreign or expired change spends nothing.
      const change = await findOpenChange(db, userId, body.changeId);
      if (!change || change.kind !== kind) throw apiKeyError('apiKeyChangeNotFound', {}, 'changeId');
      if (change.fund_password_required && !body.fundPassword) throw apiKeyError('missingParameter', {}, 'fundPassword');
      const fundPassword = change.fund_password_required ? (body.fundPassword ?? null) : null;
      await deps.identity.verifySecurityChange(userId, 'apiKey', body, fundPassword, { ip: caller.ip });
      return apply(userId, kind, body.changeId, caller);
    },
    apply,
  };
}
