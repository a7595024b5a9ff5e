import { CompiledQuery } from 'kysely';
import type { Pool } from 'pg';
import type { Db } from '../../platform/db/database';

/** Runs one hot statement by name: prepared once per pooled connection, unnamed without a pool. */
export type PreparedRunner = <Row>(name: string, text: string, values: unknown[]) => Promise<Row[]>;

/**
 * The hot statements of trading as named prepared statements: parsed and planned once per
 * pooled connection. Without the pool (tests over a plain Kysely) the same text runs unnamed.
 */
export function preparedRunner(db: Db, pool: Pool | undefined): PreparedRunner {
  return async function run<Row>(name: string, text: string, values: unknown[]): Promise<Row[]> {
    if (pool) return (await pool.query({ name: `trade_${name}`, text, values })).rows as Row[];
    return (await db.executeQuery(CompiledQuery.raw(text, values))).rows as Row[];
  };
}
