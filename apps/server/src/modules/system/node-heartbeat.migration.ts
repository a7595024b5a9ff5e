import { type Kysely, sql } from 'kysely';

/** Each server process records its presence, so operators see which nodes share the database. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('node_heartbeat')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('node_id', 'text', (col) => col.notNull().unique())
    .addColumn('hostname', 'text', (col) => col.notNull())
    .addColumn('pid', 'integer', (col) => col.notNull())
    .addColumn('started_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('node_heartbeat').execute();
}
