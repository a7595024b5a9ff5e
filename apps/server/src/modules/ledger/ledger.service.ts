import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { DatabaseError, Pool } from 'pg';
import type { Db } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { createPostBatcher, isRetryable, type PostCall, type PostResult } from './post-batcher';

export type Bucket = 'available' | 'frozen';

/** One posting: a signed change of one bucket of one account, in the asset's base units. */
export interface Leg {
  accountId: string;
  bucket: Bucket;
  amount: bigint;
}

export interface JournalRequest {
  /** Replaying a key with the same request changes nothing; with another request it is refused. */
  idempotencyKey: string;
  billType: number;
  reference?: { type: string; id: string };
  note?: string;
  legs: Leg[];
}

export interface Posted {
  journalId: string;
  holdId: string | null;
  isReplay: boolean;
}

/** A broken ledger invariant: a programming error, never a customer's. */
export class LedgerInvariantError extends Error {
  override readonly name = 'LedgerInvariantError';
}

/** House accounts take fees and other platform-side legs without a hot row (ledger.md). */
const housePurposes = new Set(['fees', 'omnibus', 'desk', 'loan_pool', 'rewards']);
const maxAttempts = 5;
/**
 * Postings at the database at once before the next ones wait to leave together, and at most
 * how many leave in one call (each is a subtransaction; PostgreSQL caches 64 per backend).
 */
const defaultBatching = { maxInFlight: 16, maxBatch: 32 };

/** The hash `ledger_post` stores beside an idempotency key: a replay must carry the same one. */
export function journalRequestHash(request: JournalRequest, hold?: unknown): string {
  const legs = [...request.legs]
    .map((leg) => [leg.accountId, leg.bucket, leg.amount.toString()])
    .sort((a, b) => `${a[0]}:${a[1]}`.localeCompare(`${b[0]}:${b[1]}`));
  return createHash('sha256')
    .update(JSON.stringify([request.billType, request.reference ?? null, request.note ?? '', legs, hold ?? null]))
    .digest('hex');
}

function translateDatabaseError(error: unknown): never {
  const pgError = error as Partial<DatabaseError>;
  if (pgError.code === '23514' && pgError.constraint?.startsWith('ledger_account_')) throw new AppError('insufficientBalance');
  const message = pgError.message ?? '';
  if (message.startsWith('LEDGER_IDEMPOTENCY_CONFLICT')) throw new AppError('idempotencyConflict');
  if (message.startsWith('LEDGER_HOLD_NOT_PENDING')) throw new AppError('holdAlreadyResolved');
  if (message.startsWith('LEDGER_')) throw new LedgerInvariantError(message);
  throw error;
}

/**
 * The only writer of balances. Every movement is one `ledger_post` (inside the caller's
 * transaction when given one) or, on its own, goes through the group-commit batcher;
 * deadlocks and serialization failures are retried with the same idempotency key.
 */
export function createLedger(db: Db, pool?: Pool, options: { batching?: typeof defaultBatching } = {}) {
  const accountIds = new Map<string, string>();
  const batcher = pool ? createPostBatcher(pool, options.batching ?? defaultBatching) : null;

  /** Inside a caller's transaction the posting joins it; otherwise it goes through the batcher. */
  async function callPost(call: PostCall, executor: Db): Promise<PostResult> {
    if (batcher && executor === db) return batcher.post(call);
    const result = await sql<PostResult>`
      select journal_id, hold_id, is_replay from ledger_post(
        ${call.key}, ${call.hash}, ${call.billType}, ${call.referenceType}, ${call.referenceId}, ${call.note},
        ${JSON.stringify(call.legs)}::jsonb, ${call.hold === null ? null : JSON.stringify(call.hold)}::jsonb)
    `.execute(executor);
    return result.rows[0]!;
  }

  async function ensureAccount(ownerType: 'customer' | 'platform', ownerRef: string, asset: string, purpose: string): Promise<string> {
    const cacheKey = `${ownerType}:${ownerRef}:${asset}:${purpose}`;
    const cached = accountIds.get(cacheKey);
    if (cached) return cached;
    const isPlatform = ownerType === 'platform';
    await sql`
      insert into ledger_account (owner_type, owner_ref, asset, purpose, allow_negative, is_house)
      values (${ownerType}, ${ownerRef}, ${asset}, ${purpose}, ${isPlatform}, ${isPlatform && housePurposes.has(purpose)})
      on conflict (owner_type, owner_ref, asset, purpose) do nothing
    `.execute(db);
    const row = await db
      .selectFrom('ledger_account')
      .select('id')
      .where('owner_type', '=', ownerType)
      .where('owner_ref', '=', ownerRef)
      .where('asset', '=', asset)
      .where('purpose', '=', purpose)
      .executeTakeFirst();
    if (!row) throw new AppError('coinNotSupported', {}, 'asset');
    accountIds.set(cacheKey, row.id);
    return row.id;
  }

  async function post(request: JournalRequest, hold?: unknown, executor: Db = db): Promise<Posted> {
    if (request.legs.length === 0) throw new LedgerInvariantError('a journal needs legs');
    if (request.legs.some((leg) => leg.amount === 0n)) throw new LedgerInvariantError('a leg of zero');
    const call: PostCall = {
      key: request.idempotencyKey,
      hash: journalRequestHash(request, hold),
      billType: request.billType,
      referenceType: request.reference?.type ?? null,
      referenceId: request.reference?.id ?? null,
      note: request.note ?? '',
      legs: request.legs.map((leg) => ({ account_id: leg.accountId, bucket: leg.bucket, amount: leg.amount.toString() })),
      hold: hold ?? null,
    };
    for (let attempt = 1; ; attempt += 1) {
      try {
        const row = await callPost(call, executor);
        return { journalId: row.journal_id, holdId: row.hold_id, isReplay: row.is_replay };
      } catch (error) {
        // The batcher retries its own deadlocks; inside a caller's transaction the caller must.
        if (isRetryable(error) && executor === db && !batcher && attempt < maxAttempts) continue;
        translateDatabaseError(error);
      }
    }
  }

  return {
    customerAccount: (userId: string, asset: string) => ensureAccount('customer', userId, asset, 'wallet'),
    platformAccount: (purpose: string, asset: string) => ensureAccount('platform', 'coffer', asset, purpose),
    post: (request: JournalRequest, executor?: Db) => post(request, undefined, executor),

    /** Moves available funds of one account to another (both legs in one journal). */
    async transfer(
      input: {
        idempotencyKey: string;
        billType: number;
        from: string;
        to: string;
        amount: bigint;
        reference?: JournalRequest['reference'];
        note?: string;
      },
      executor?: Db,
    ) {
      if (input.amount <= 0n) throw new LedgerInvariantError('transfers move a positive amount');
      if (input.from === input.to) throw new LedgerInvariantError('a transfer needs two different accounts');
      return post(
        {
          idempotencyKey: input.idempotencyKey,
          billType: input.billType,
          ...(input.reference ? { reference: input.reference } : {}),
          ...(input.note ? { note: input.note } : {}),
          legs: [
            { accountId: input.from, bucket: 'available', amount: -input.amount },
            { accountId: input.to, bucket: 'available', amount: input.amount },
          ],
        },
        undefined,
        executor,
      );
    },

    /** Phase one: available → frozen on the same account. */
    async hold(
      input: { idempotencyKey: string; billType: number; accountId: string; amount: bigint; reference?: JournalRequest['reference'] },
      executor?: Db,
    ) {
      if (input.amount <= 0n) throw new LedgerInvariantError('holds freeze a positive amount');
      return post(
        {
          idempotencyKey: input.idempotencyKey,
          billType: input.billType,
          ...(input.reference ? { reference: input.reference } : {}),
          legs: [
            { accountId: input.accountId, bucket: 'available', amount: -input.amount },
            { accountId: input.accountId, bucket: 'frozen', amount: input.amount },
          ],
        },
        { create: { account_id: input.accountId, amount: input.amount.toString() } },
        executor,
      );
    },

    /** Phase two: the frozen amount leaves to the given accounts (amounts sum to the hold). */
    async settleHold(
      input: {
        idempotencyKey: string;
        billType: number;
        holdId: string;
        accountId: string;
        amount: bigint;
        to: Array<{ accountId: string; amount: bigint }>;
        reference?: JournalRequest['reference'];
      },
      executor?: Db,
    ) {
      return post(
        {
          idempotencyKey: input.idempotencyKey,
          billType: input.billType,
          ...(input.reference ? { reference: input.reference } : {}),
          legs: [
            { accountId: input.accountId, bucket: 'frozen', amount: -input.amount },
            ...input.to.map((target) => ({ accountId: target.accountId, bucket: 'available' as const, amount: target.amount })),
          ],
        },
        { resolve: { hold_id: input.holdId, status: 'settled', amount: input.amount.toString() } },
        executor,
      );
    },

    /** Phase two, cancelled: the frozen amount returns to available. */
    async releaseHold(
      input: {
        idempotencyKey: string;
        billType: number;
        holdId: string;
        accountId: string;
        amount: bigint;
        reference?: JournalRequest['reference'];
      },
      executor?: Db,
    ) {
      return post(
        {
          idempotencyKey: input.idempotencyKey,
          billType: input.billType,
          ...(input.reference ? { reference: input.reference } : {}),
          legs: [
            { accountId: input.accountId, bucket: 'frozen', amount: -input.amount },
            { accountId: input.accountId, bucket: 'available', amount: input.amount },
          ],
        },
        { resolve: { hold_id: input.holdId, status: 'released', amount: input.amount.toString() } },
        executor,
      );
    },

    /** Folds the house accounts' waiting changes into their balances (a scheduled job). */
    async foldHouseBalances(): Promise<number> {
      const result = await sql<{ folded: number }>`select ledger_fold_house() as folded`.execute(db);
      return Number(result.rows[0]?.folded ?? 0);
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;
