import { createHash } from 'node:crypto';
import type { Pool } from 'pg';
import type { Db } from '../../platform/db/database';
import { retrying } from '../../platform/db/database-errors';
import { LedgerInvariantError, ledgerError, ledgerErrorOf } from './ledger.errors';
import { callLedgerPost, ensureAccountRow, foldHouseAccounts } from './ledger.repository';
import type { LedgerOwnerType } from './ledger.schema';
import { createPostBatcher, type PostCall, type PostResult } from './post-batcher';

export { LedgerInvariantError } from './ledger.errors';
export type { PostCall } from './post-batcher';

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

/** House accounts take fees and other platform-side legs without a hot row (ledger.md). */
const housePurposes = new Set(['fees', 'omnibus', 'desk', 'loan_pool', 'rewards']);
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

/**
 * The arguments of `ledger_post` for a journal (and the hold it creates or resolves): the one
 * marshalling of a posting, used by the service and by a module whose own SQL calls
 * `ledger_post` (trade's pays), so that a replay through either is the same journal.
 */
export function ledgerPostCall(request: JournalRequest, hold?: unknown): PostCall {
  if (request.legs.length === 0) throw new LedgerInvariantError('a journal needs legs');
  if (request.legs.some((leg) => leg.amount === 0n)) throw new LedgerInvariantError('a leg of zero');
  return {
    key: request.idempotencyKey,
    hash: journalRequestHash(request, hold),
    billType: request.billType,
    referenceType: request.reference?.type ?? null,
    referenceId: request.reference?.id ?? null,
    note: request.note ?? '',
    legs: request.legs.map((leg) => ({ account_id: leg.accountId, bucket: leg.bucket, amount: leg.amount.toString() })),
    hold: hold ?? null,
  };
}

/** `transfer`: available funds of one account to another (both legs in one journal). */
export interface TransferInput {
  idempotencyKey: string;
  billType: number;
  from: string;
  to: string;
  amount: bigint;
  reference?: JournalRequest['reference'];
  note?: string;
}

/** `hold`: phase one, available → frozen on the same account. */
export interface HoldInput {
  idempotencyKey: string;
  billType: number;
  accountId: string;
  amount: bigint;
  reference?: JournalRequest['reference'];
}

/** `settleHold`: phase two, the frozen amount leaves to the given accounts (amounts sum to the hold). */
export interface SettleHoldInput {
  idempotencyKey: string;
  billType: number;
  holdId: string;
  accountId: string;
  amount: bigint;
  to: Array<{ accountId: string; amount: bigint }>;
  reference?: JournalRequest['reference'];
}

/** `releaseHold`: phase two, cancelled; the frozen amount returns to available. */
export interface ReleaseHoldInput {
  idempotencyKey: string;
  billType: number;
  holdId: string;
  accountId: string;
  amount: bigint;
  reference?: JournalRequest['reference'];
}

/** The ledger other modules are given (`createLedgerModule`): accounts, postings, two-phase holds. */
export interface Ledger {
  /**
   * The customer's wallet account of `asset`, opened on first use. Inside a transaction, pass
   * it: the account is then read (or opened) on the transaction's own connection, never on a
   * second pooled one (a transaction waiting for the pool while its twins hold the pool, waiting
   * for its locks, waits for ever).
   */
  customerAccount(userId: string, asset: string, executor?: Db): Promise<string>;
  /** The platform's account of `purpose` and `asset`, opened on first use; `executor` as for `customerAccount`. */
  platformAccount(purpose: string, asset: string, executor?: Db): Promise<string>;
  /** A custody account's account of `asset` (issue 17; never negative), opened on first use; `executor` as for `customerAccount`. */
  custodyAccount(custodyAccountId: string, asset: string, executor?: Db): Promise<string>;
  post(request: JournalRequest, executor?: Db): Promise<Posted>;
  /** Moves available funds of one account to another (both legs in one journal). */
  transfer(input: TransferInput, executor?: Db): Promise<Posted>;
  /** Phase one: available → frozen on the same account. */
  hold(input: HoldInput, executor?: Db): Promise<Posted>;
  /** Phase two: the frozen amount leaves to the given accounts (amounts sum to the hold). */
  settleHold(input: SettleHoldInput, executor?: Db): Promise<Posted>;
  /** Phase two, cancelled: the frozen amount returns to available. */
  releaseHold(input: ReleaseHoldInput, executor?: Db): Promise<Posted>;
  /** Folds the house accounts' waiting changes into their balances (a scheduled job). */
  foldHouseBalances(): Promise<number>;
}

/** The journal of a movement: its key, bill type and reference (and note, where it has one), then `legs`. */
function movementJournal(
  input: { idempotencyKey: string; billType: number; reference?: JournalRequest['reference'] },
  legs: Leg[],
  note?: string,
): JournalRequest {
  return {
    idempotencyKey: input.idempotencyKey,
    billType: input.billType,
    ...(input.reference ? { reference: input.reference } : {}),
    ...(note ? { note } : {}),
    legs,
  };
}

function transferJournal(input: TransferInput): JournalRequest {
  if (input.amount <= 0n) throw new LedgerInvariantError('transfers move a positive amount');
  if (input.from === input.to) throw new LedgerInvariantError('a transfer needs two different accounts');
  return movementJournal(
    input,
    [
      { accountId: input.from, bucket: 'available', amount: -input.amount },
      { accountId: input.to, bucket: 'available', amount: input.amount },
    ],
    input.note,
  );
}

function holdJournal(input: HoldInput): JournalRequest {
  if (input.amount <= 0n) throw new LedgerInvariantError('holds freeze a positive amount');
  return movementJournal(input, [
    { accountId: input.accountId, bucket: 'available', amount: -input.amount },
    { accountId: input.accountId, bucket: 'frozen', amount: input.amount },
  ]);
}

function settleHoldJournal(input: SettleHoldInput): JournalRequest {
  return movementJournal(input, [
    { accountId: input.accountId, bucket: 'frozen', amount: -input.amount },
    ...input.to.map((target) => ({ accountId: target.accountId, bucket: 'available' as const, amount: target.amount })),
  ]);
}

function releaseHoldJournal(input: ReleaseHoldInput): JournalRequest {
  return movementJournal(input, [
    { accountId: input.accountId, bucket: 'frozen', amount: -input.amount },
    { accountId: input.accountId, bucket: 'available', amount: input.amount },
  ]);
}

/**
 * The only writer of balances. Every movement is one `ledger_post` (inside the caller's
 * transaction when given one) or, on its own, goes through the group-commit batcher;
 * deadlocks and serialization failures are retried with the same idempotency key.
 */
export function createLedger(db: Db, pool?: Pool, options: { batching?: typeof defaultBatching } = {}): Ledger {
  const accountIds = new Map<string, string>();
  const batcher = pool ? createPostBatcher(pool, options.batching ?? defaultBatching) : null;

  /** Inside a caller's transaction the posting joins it; otherwise it goes through the batcher. */
  async function callPost(call: PostCall, executor: Db): Promise<PostResult> {
    if (batcher && executor === db) return batcher.post(call);
    return callLedgerPost(call, executor);
  }

  async function ensureAccount(
    ownerType: LedgerOwnerType,
    ownerRef: string,
    asset: string,
    purpose: string,
    executor: Db = db,
  ): Promise<string> {
    const cacheKey = `${ownerType}:${ownerRef}:${asset}:${purpose}`;
    const cached = accountIds.get(cacheKey);
    if (cached) return cached;
    const isPlatform = ownerType === 'platform';
    const id = await ensureAccountRow(executor, {
      ownerType,
      ownerRef,
      asset,
      purpose,
      allowNegative: isPlatform,
      isHouse: isPlatform && housePurposes.has(purpose),
    });
    if (!id) throw ledgerError('coinNotSupported', {}, 'asset');
    // Opened inside a caller's transaction, the row is gone if that transaction rolls back:
    // only an account read or opened on the pool (committed) is remembered.
    if (executor === db) accountIds.set(cacheKey, id);
    return id;
  }

  async function post(request: JournalRequest, hold?: unknown, executor: Db = db): Promise<Posted> {
    const call = ledgerPostCall(request, hold);
    // The batcher retries its own deadlocks; inside a caller's transaction the caller must.
    const isOwnTransaction = executor === db && !batcher;
    try {
      const row = isOwnTransaction ? await retrying(() => callPost(call, executor)) : await callPost(call, executor);
      return { journalId: row.journal_id, holdId: row.hold_id, isReplay: row.is_replay };
    } catch (error) {
      throw ledgerErrorOf(error);
    }
  }

  return {
    customerAccount: (userId, asset, executor) => ensureAccount('customer', userId, asset, 'wallet', executor),
    platformAccount: (purpose, asset, executor) => ensureAccount('platform', 'coffer', asset, purpose, executor),
    custodyAccount: (custodyAccountId, asset, executor) => ensureAccount('custody', custodyAccountId, asset, 'custody', executor),
    post: (request, executor) => post(request, undefined, executor),
    transfer: async (input, executor) => post(transferJournal(input), undefined, executor),
    hold: async (input, executor) =>
      post(holdJournal(input), { create: { account_id: input.accountId, amount: input.amount.toString() } }, executor),
    settleHold: async (input, executor) =>
      post(settleHoldJournal(input), { resolve: { hold_id: input.holdId, status: 'settled', amount: input.amount.toString() } }, executor),
    releaseHold: async (input, executor) =>
      post(
        releaseHoldJournal(input),
        { resolve: { hold_id: input.holdId, status: 'released', amount: input.amount.toString() } },
        executor,
      ),
    foldHouseBalances: () => foldHouseAccounts(db),
  };
}
