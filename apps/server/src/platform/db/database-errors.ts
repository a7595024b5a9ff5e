import type { DatabaseError } from 'pg';

/** Deadlock and serialization failure: PostgreSQL undid the transaction whole, so it may simply run again. */
const retryableCodes = new Set(['40P01', '40001']);

/** How many times a transaction that keeps deadlocking runs before its error is passed on. */
export const maxAttempts = 5;

/** The fields of a driver error (or of an error shaped like one) that tell what the database refused. */
export function databaseErrorOf(error: unknown): Partial<Pick<DatabaseError, 'code' | 'constraint' | 'message'>> {
  return (error ?? {}) as Partial<DatabaseError>;
}

/** Whether an SQLSTATE (a driver error's or one a batch row reports) means "run it again". */
export function isRetryableState(state: string | null | undefined): boolean {
  return state !== null && state !== undefined && retryableCodes.has(state);
}

export function isRetryable(error: unknown): boolean {
  return isRetryableState(databaseErrorOf(error).code);
}

/**
 * Runs a transaction (one statement or a whole callback) again after a deadlock or a
 * serialization failure, up to `maxAttempts` runs; any other error, or the last one, is thrown.
 * Only for work that is safe to repeat: idempotency keys, or conditional updates.
 */
export async function retrying<Result>(run: () => Promise<Result>): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (!isRetryable(error) || attempt >= maxAttempts) throw error;
    }
  }
}
