import { setTimeout as sleep } from 'node:timers/promises';
import { errorCatalogue, type ErrorKey, type ErrorParams } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import { DomainError } from '../../platform/errors/domain-error';
import { walletError } from './wallet.errors';
import type { TransferFailure } from './wallet.schema';
import { completeClaim, failClaim, findClaim, insertClaim, lockClaim, retakeClaim } from './transfer-request.repository';

export type TransferClaim = { kind: 'claimed'; attempt: number } | { kind: 'done'; transferId: string };

/** The attempt this call claimed was taken over (it ran past `staleSeconds`): nothing of it may commit. */
export class TransferClaimLost extends Error {
  override readonly name = 'TransferClaimLost';
}

export interface TransferRequestTiming {
  /** A pending attempt older than this is taken to have died with its process. */
  staleSeconds: number;
  /** How long a duplicate waits for the attempt in flight before giving up. */
  waitMs: number;
  pollMs: number;
}

const defaultTiming: TransferRequestTiming = { staleSeconds: 30, waitMs: 25_000, pollMs: 40 };

function failureOf(error: unknown): TransferFailure {
  if (error instanceof DomainError) return { key: error.key, params: { ...error.params }, field: error.field ?? null };
  return { key: 'unknownError', params: {}, field: null };
}

/** The stored outcome of an earlier attempt, answered again: any catalogue key that attempt threw. */
function errorFrom(failure: TransferFailure | null): DomainError {
  const key: ErrorKey = failure && failure.key in errorCatalogue ? (failure.key as ErrorKey) : 'unknownError';
  return new DomainError(key, (failure?.params ?? {}) as ErrorParams, failure?.field ?? undefined);
}

/**
 * One transfer per request id (issue 12, item 7). The id is claimed atomically before anything
 * is verified, with a hash of what it asks for:
 * - the same request again answers the transfer it made, without verifying anything;
 * - a different request under the same id is refused (`idempotencyConflict`);
 * - a duplicate arriving while the first attempt runs waits for it and shares its outcome, so
 *   concurrent retries verify the fund password and code once;
 * - a failed attempt leaves the id free, so a corrected retry (the right password) can go on.
 */
export interface TransferRequests {
  /** Claims the request id (or answers the transfer it already made); waits for a duplicate in flight. */
  claim(requestKey: string, userId: string, payloadHash: string): Promise<TransferClaim>;
  /** Inside the transfer's transaction: the claim is still this attempt's, or `TransferClaimLost`. */
  hold(trx: Db, requestKey: string, attempt: number): Promise<void>;
  complete(trx: Db, requestKey: string, transferId: string): Promise<void>;
  /** Records the attempt's failure and frees the id. */
  fail(requestKey: string, attempt: number, error: unknown): Promise<void>;
}

export function createTransferRequests(db: Db, timing: TransferRequestTiming = defaultTiming): TransferRequests {
  return {
    async claim(requestKey: string, userId: string, payloadHash: string): Promise<TransferClaim> {
      const deadline = Date.now() + timing.waitMs;
      // The attempt this call saw in flight: its failure is this call's answer too.
      let awaited: number | null = null;
      for (;;) {
        const inserted = await insertClaim(db, requestKey, userId, payloadHash);
        if (inserted) return { kind: 'claimed', attempt: inserted.attempt };

        const row = await findClaim(db, requestKey, timing.staleSeconds);
        if (!row) continue;
        const isSamePayload = row.payload_hash === null || row.payload_hash === payloadHash;
        if (row.state === 'done' && row.transfer_id !== null) {
          if (!isSamePayload) throw walletError('idempotencyConflict');
          return { kind: 'done', transferId: row.transfer_id };
        }
        if (row.state === 'pending' && !row.is_stale) {
          if (!isSamePayload) throw walletError('idempotencyConflict');
          awaited = row.attempt;
          if (Date.now() > deadline) throw walletError('serviceUnavailable');
          await sleep(timing.pollMs);
          continue;
        }
        if (row.state === 'failed' && row.attempt === awaited) throw errorFrom(row.failure);

        // Failed before this call came, or abandoned: the id is free for this attempt.
        const retaken = await retakeClaim(db, requestKey, row.attempt, payloadHash, timing.staleSeconds);
        if (retaken) return { kind: 'claimed', attempt: retaken.attempt };
        // Another retry took it first: wait for that attempt.
      }
    },

    /**
     * Inside the transaction that makes the transfer: locks the claim and checks it is still
     * this attempt's, so a taken-over attempt cannot commit a second transfer.
     */
    async hold(trx: Db, requestKey: string, attempt: number): Promise<void> {
      const row = await lockClaim(trx, requestKey);
      if (!row || row.state !== 'pending' || row.attempt !== attempt) throw new TransferClaimLost();
    },

    async complete(trx: Db, requestKey: string, transferId: string): Promise<void> {
      await completeClaim(trx, requestKey, transferId);
    },

    /** Records why the attempt failed (for its duplicates in flight) and frees the id. */
    async fail(requestKey: string, attempt: number, error: unknown): Promise<void> {
      await failClaim(db, requestKey, attempt, JSON.stringify(failureOf(error)));
    },
  };
}
