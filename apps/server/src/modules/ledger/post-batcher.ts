import type { DatabaseError, Pool } from 'pg';

/** One journal as `ledger_post` takes it. */
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

interface Waiting {
  call: PostCall;
  resolve: (result: PostResult) => void;
  reject: (error: unknown) => void;
}

interface BatchRow extends Partial<PostResult> {
  ordinal: number;
  error_state: string | null;
  error_constraint: string | null;
  error_message: string | null;
}

const retryableCodes = new Set(['40P01', '40001']);
const maxAttempts = 5;

export function isRetryable(error: unknown): boolean {
  const code = (error as Partial<DatabaseError>).code;
  return code !== undefined && retryableCodes.has(code);
}

/** The error a batch row reports, shaped like the driver's so one translation serves both. */
function rowError(row: BatchRow): Error {
  return Object.assign(new Error(row.error_message ?? 'ledger posting failed'), {
    code: row.error_state ?? undefined,
    constraint: row.error_constraint ?? undefined,
  });
}

/**
 * Group commit for postings made outside a caller's transaction. While `maxInFlight` calls
 * are at the database, new postings wait and then leave together in one `ledger_post_batch`
 * call: one round trip and one commit for many journals, each still atomic on its own. With
 * nothing in flight a posting goes at once, alone, so a quiet system pays no added latency.
 */
export function createPostBatcher(pool: Pool, options: { maxInFlight: number; maxBatch: number }) {
  const waiting: Waiting[] = [];
  let inFlight = 0;

  async function postOne(call: PostCall): Promise<PostResult> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const result = await pool.query<PostResult>({
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
        });
        return result.rows[0]!;
      } catch (error) {
        if (!isRetryable(error) || attempt >= maxAttempts) throw error;
      }
    }
  }

  async function postMany(batch: Waiting[]): Promise<void> {
    const journals = JSON.stringify(
      batch.map(({ call }) => ({
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
    let rows: BatchRow[];
    for (let attempt = 1; ; attempt += 1) {
      try {
        const result = await pool.query<BatchRow>({
          name: 'ledger_post_batch',
          text: 'select ordinal, journal_id, hold_id, is_replay, error_state, error_constraint, error_message from ledger_post_batch($1::jsonb)',
          values: [journals],
        });
        rows = result.rows;
        break;
      } catch (error) {
        if (isRetryable(error) && attempt < maxAttempts) continue;
        for (const item of batch) item.reject(error);
        return;
      }
    }
    for (const row of rows) {
      const item = batch[row.ordinal - 1]!;
      if (row.error_state === null) {
        item.resolve({ journal_id: row.journal_id!, hold_id: row.hold_id ?? null, is_replay: row.is_replay! });
      } else if (retryableCodes.has(row.error_state)) {
        postOne(item.call).then(item.resolve, item.reject);
      } else {
        item.reject(rowError(row));
      }
    }
  }

  function send(batch: Waiting[]): Promise<void> {
    if (batch.length > 1) return postMany(batch);
    const [only] = batch as [Waiting];
    return postOne(only.call).then(only.resolve, only.reject);
  }

  function pump(): void {
    while (inFlight < options.maxInFlight && waiting.length > 0) {
      inFlight += 1;
      void send(waiting.splice(0, options.maxBatch)).finally(() => {
        inFlight -= 1;
        pump();
      });
    }
  }

  return {
    post(call: PostCall): Promise<PostResult> {
      return new Promise((resolve, reject) => {
        waiting.push({ call, resolve, reject });
        pump();
      });
    },
  };
}
