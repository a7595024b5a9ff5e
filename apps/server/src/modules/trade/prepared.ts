import { CompiledQuery } from 'kysely';
import type { Pool } from 'pg';
import type { Db } from '../../platform/db/database';

/**
 * The hot statements of trading as named prepared statements: parsed and planned once per
 * pooled connection. Without the pool (tests over a plain Kysely) the same text runs unnamed.
 */
export function preparedRunner(db: Db, pool: Pool | undefined) {
  return async function run<Row>(name: string, text: string, values: unknown[]): Promise<Row[]> {
    if (pool) return (await pool.query({ name: `trade_${name}`, text, values })).rows as Row[];
    return (await db.executeQuery(CompiledQuery.raw(text, values))).rows as Row[];
  };
}

export type PreparedRunner = ReturnType<typeof preparedRunner>;
