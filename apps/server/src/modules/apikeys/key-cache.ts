import { createPublicKey, type KeyObject } from 'node:crypto';
import type { ApiKeyRight } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import { createPgListener, type PgListener } from '../../platform/db/pg-listener';
import type { Logger } from '../../platform/observability/logger';
import { centsToString } from '../../platform/money/fiat-valuation';
import { apiKeyChangedChannel } from './apikeys.migration';
import { findLiveKeyByAccessKey, type ApiKeyRow } from './apikeys.repository';

/** A live key as the signed-request check needs it. */
export interface CachedKey {
  id: string;
  userId: string;
  publicKey: KeyObject;
  rights: readonly ApiKeyRight[];
  ips: readonly string[];
  withdrawDailyUsd: string | null;
  withdrawAddressIds: readonly string[];
}

/** DER prefix of an Ed25519 SubjectPublicKeyInfo (RFC 8410); the raw 32 bytes follow it. */
const spkiEd25519Prefix = Buffer.from('302a300506032b6570032100', 'hex');

function toCachedKey(row: ApiKeyRow): CachedKey {
  return {
    id: row.id,
    userId: row.user_id,
    publicKey: createPublicKey({ key: Buffer.concat([spkiEd25519Prefix, row.public_key_raw]), format: 'der', type: 'spki' }),
    rights: row.rights as ApiKeyRight[],
    ips: row.ips,
    withdrawDailyUsd: row.withdraw_daily_cents === null ? null : centsToString(BigInt(row.withdraw_daily_cents)),
    withdrawAddressIds: row.withdraw_address_ids.map(String),
  };
}

export interface KeyCache {
  get(accessKey: string): Promise<CachedKey | null>;
  /** Drops one key (its change was announced) or, without one, all of them. */
  invalidate(accessKey?: string): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Live keys per node, by access key (spec §4: a change takes effect within 1 minute). Every
 * change NOTIFYs its access key in its own transaction and each node LISTENs, so a deleted or
 * edited key is dropped as soon as the change commits; an entry also lives at most `ttlMs`, so
 * a node whose LISTEN connection is down serves a changed key for no longer than that. A load
 * overtaken by an invalidation is answered but not kept. Unknown keys are never cached.
 */
export function createKeyCache(deps: { db: Db; ttlMs: number; connectionString: string | undefined; logger: Logger }): KeyCache {
  const entries = new Map<string, { key: CachedKey; loadedAt: number }>();
  let generation = 0;
  const listener: PgListener | null = deps.connectionString
    ? createPgListener({
        connectionString: deps.connectionString,
        applicationName: 'coffer-api-keys',
        channels: [apiKeyChangedChannel],
        label: 'API key changes',
        logger: deps.logger,
        onNotification: (message) => invalidate(message.payload || undefined),
        // Changes announced while the connection was down were missed: forget everything.
        onConnected: () => invalidate(),
        onLost: () => invalidate(),
      })
    : null;

  function invalidate(accessKey?: string): void {
    generation += 1;
    if (accessKey === undefined) entries.clear();
    else entries.delete(accessKey);
  }

  return {
    async get(accessKey) {
      const cached = entries.get(accessKey);
      if (cached && Date.now() - cached.loadedAt < deps.ttlMs) return cached.key;
      const startedAt = generation;
      const row = await findLiveKeyByAccessKey(deps.db, accessKey);
      if (!row) {
        entries.delete(accessKey);
        return null;
      }
      const key = toCachedKey(row);
      if (generation === startedAt && (listener === null || listener.isListening())) entries.set(accessKey, { key, loadedAt: Date.now() });
      return key;
    },
    invalidate,
    start: async () => listener?.start(),
    stop: async () => listener?.stop(),
  };
}
