import type { Pool } from 'pg';
import { isRetryableState, retrying } from '../../platform/db/database-errors';
import { groupCommit, type BatchOutcome } from '../../platform/db/group-commit';

/** One journal as `ledger_post` takes it (built by `ledgerPostCall`). */
export interface PostCall {
  key: string;
  hash: string;
  billType: number;
  referenceType: string | null;
  referenceId: string | null;
  note: string;
  legs: Array<{ account_id: string; bucket: string; amount: string }>;
  /** The hold to create or resolve, as `ledger_post` reads it. */
  hold: unknown;
}

export interface PostResult {
  journal_id: string;
  hold_id: string | null;
  is_replay: boolean;
}

interface BatchRow extends Partial<PostResult> {
  ordinal: number;
  error_state: string | null;
  error_constraint: string | null;
  error_message: string | null;
}

/** The error a batch row reports, shaped like the driver's so one translation serves both. */
function rowError(row: BatchRow): Error {
  return Object.assign(new Error(row.error_message ?? 'ledger posting failed'), {
    code: row.error_state ?? undefined,
    constraint: row.error_constraint ?? undefined,
  });
}

export interface PostBatcher {
  /** Posts one journal, alone or with others waiting; resolves with its own outcome. */
  post(call: PostCall): Promise<PostResult>;
}

/**
 * Group commit for postings made outside a caller's transaction. While `maxInFlight` calls
 * are at the database, new postings wait and then leave together in one `ledger_post_batch`
 * call: one round trip and one commit for many journals, each still atomic on its own (a
 * refused journal fails alone, a deadlocked one is posted again alone). With nothing in
 * flight a posting goes at once, alone, so a quiet system pays no added latency. Deadlocks
 * are retried with the same keys.
 */
export function createPostBatcher(pool: Pool, options: { maxInFlight: number; maxBatch: number }): PostBatcher {
  async function postOne(call: PostCall): Promise<PostResult> {
    const result = await retrying(() =>
      pool.query<PostResult>({
        name: 'ledger_post',
        text: 'select journal_id, hold_id, is_replay from ledger_post($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb)',
        values: [
          call.key,
          call.hash,
          call.billType,
          call.referenceType,
          call.referenceId,
          call.note,
          JSON.stringify(call.legs),
          call.hold === null ? null : JSON.stringify(call.hold),
        ],
      }),
    );
    return result.rows[0]!;
  }

  async function postMany(calls: PostCall[]): Promise<Array<BatchOutcome<PostResult>>> {
    const journals = JSON.stringify(
      calls.map((call) => ({
        key: call.key,
        hash: call.hash,
        bill_type: call.billType,
        reference_type: call.referenceType,
        reference_id: call.referenceId,
        note: call.note,
        legs: call.legs,
        hold: call.hold,
      })),
    );
    const { rows } = await retrying(() =>
      pool.query<BatchRow>({
        name: 'ledger_post_batch',
        text: 'select ordinal, journal_id, hold_id, is_replay, error_state, error_constraint, error_message from ledger_post_batch($1::jsonb)',
        values: [journals],
      }),
    );
    const outcomes: Array<BatchOutcome<PostResult>> = [];
    for (const row of rows) {
      outcomes[row.ordinal - 1] =
        row.error_state === null
          ? { result: { journal_id: row.journal_id!, hold_id: row.hold_id ?? null, is_replay: row.is_replay! } }
          : isRetryableState(row.error_state)
            ? { alone: true }
            : { error: rowError(row) };
    }
    return outcomes;
  }

  const post = groupCommit<PostCall, PostResult>({ ...options, one: postOne, many: postMany, whenBatchFails: 'reject' });
  return { post };
}
