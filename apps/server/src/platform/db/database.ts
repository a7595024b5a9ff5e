import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';

/**
 * The typed shape of every table. Empty here: the composition root (`src/database-schema.ts`)
 * fills it in with each module's tables by declaration merging, so the platform names no module.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by declaration merging
export interface Database {}

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  pool: pg.Pool;
  /**
   * Connections whose commits do not wait for the disk (`synchronous_commit = off`), for
   * writes a crash may forget without harm — signed quotes and unpaid order placements, never
   * money. A transaction committed later on `pool` (a pay, a posting) makes them durable with
   * it: the write-ahead log is one sequence, flushed up to that commit.
   */
  asyncCommitPool: pg.Pool;
  close(): Promise<void>;
}

/**
 * Opens a pool and a typed query builder. `pg` answers int8 and numeric as strings; they
 * stay strings here and money code parses them exactly, never through Number.
 */
export function openDatabase(
  connectionString: string,
  options: { max?: number; asyncCommitMax?: number; onIdleError?: (error: Error) => void } = {},
): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString,
    max: options.max ?? 10,
    application_name: 'coffer',
  });
  // An idle connection the server drops (a restart, a shutdown) must not crash the process;
  // the pool replaces it and the next query reports any real outage.
  pool.on('error', (error) => options.onIdleError?.(error));
  // No connection is opened until the first query.
  const asyncCommitPool = new pg.Pool({
    connectionString,
    max: options.asyncCommitMax ?? 6,
    application_name: 'coffer-async-commit',
    options: '-c synchronous_commit=off',
  });
  asyncCommitPool.on('error', (error) => options.onIdleError?.(error));
  const db = databaseOver(pool);
  return {
    db,
    pool,
    asyncCommitPool,
    close: async () => {
      await Promise.all([db.destroy(), asyncCommitPool.end()]);
    },
  };
}

/** A query builder over another pool of the same database (e.g. the async-commit one); closing it is the pool owner's. */
export function databaseOver(pool: pg.Pool): Db {
  return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
}

export async function isDatabaseReachable(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
