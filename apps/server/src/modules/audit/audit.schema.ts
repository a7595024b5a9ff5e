import type { ColumnType } from 'kysely';

/** Every column is written once: the table refuses UPDATE, DELETE and TRUNCATE. */
type WriteOnce<T> = ColumnType<T, T, never>;

/** One recorded privileged action, a link of the hash chain (`audit-hash.ts`). */
export interface AuditLogTable {
  /** bigint: 1, 2, 3… without gaps. */
  seq: WriteOnce<string>;
  /** Inserted as the UTC text of the database clock read while appending (`record.service.ts`). */
  created_at: ColumnType<Date, string, never>;
  actor_kind: WriteOnce<'operator' | 'customer' | 'system'>;
  actor_id: WriteOnce<string>;
  actor_name: WriteOnce<string | null>;
  action: WriteOnce<string>;
  subject_kind: WriteOnce<string | null>;
  subject_id: WriteOnce<string | null>;
  ip: WriteOnce<string | null>;
  user_agent: WriteOnce<string | null>;
  /** jsonb: read as the parsed value, written as JSON text. */
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
  reason: WriteOnce<string | null>;
  /** The previous row's hash; 32 zero bytes before the first row. */
  prev_hash: WriteOnce<Buffer>;
  /** SHA-256 of the row's canonical encoding followed by `prev_hash`. */
  hash: WriteOnce<Buffer>;
}

/** The audit module's table (`audit.migration.ts`). */
export interface AuditTables {
  audit_log: AuditLogTable;
}
