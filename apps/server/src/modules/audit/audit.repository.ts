/** The only SQL over `audit_log`. */
import { type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { Database, Db } from '../../platform/db/database';
import type { Insertable } from 'kysely';
import type { AuditLogTable } from './audit.schema';
import { pageWithTotal } from '../../platform/db/page-with-total';
import type { AuditContent } from './audit-hash';
import type { AuditFilter } from './index';

export type AuditQuery = Omit<AuditFilter, 'page' | 'pageSize'>;

/** A row as stored: its content, its link and its hash. */
export interface StoredAuditRow extends AuditContent {
  prevHash: Buffer;
  hash: Buffer;
}

/** Advisory lock key of the chain's appends: the audit namespace, one chain. */
const chainLockNamespace = 727_201;
const chainLockKey = 0;

/** A timestamp as UTC text to the microsecond, exactly as stored (the form the hash covers). */
function utcText(timestamp: RawBuilder<unknown>): RawBuilder<string> {
  return sql<string>`to_char(${timestamp} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** Serializes appends until the transaction ends. */
export async function lockAuditChain(trx: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(${chainLockNamespace}, ${chainLockKey})`.execute(trx);
}

/** The last row's seq and hash (null before the first row) and the database clock now; read under the chain's lock. */
export async function auditChainHead(trx: Db): Promise<{ seq: string | null; hash: Buffer | null; now: string }> {
  const result = await sql<{ seq: string | null; hash: Buffer | null; now: string }>`
    select last.seq, last.hash, ${utcText(sql`clock_timestamp()`)} as now
      from (select 1) as here
      left join lateral (select seq, hash from audit_log order by seq desc limit 1) as last on true`.execute(trx);
  const head = result.rows[0];
  if (!head) throw new Error('the audit chain head query answered no row');
  return head;
}

/**
 * Every stored column and the field of `StoredAuditRow` that holds it, in the table's order: the
 * one list the insert, the reads and the CSV export's header and cells are written from.
 */
export const auditColumns = [
  ['seq', 'seq'],
  ['created_at', 'createdAt'],
  ['actor_kind', 'actorKind'],
  ['actor_id', 'actorId'],
  ['actor_name', 'actorName'],
  ['action', 'action'],
  ['subject_kind', 'subjectKind'],
  ['subject_id', 'subjectId'],
  ['ip', 'ip'],
  ['user_agent', 'userAgent'],
  ['reason', 'reason'],
  ['before', 'before'],
  ['after', 'after'],
  ['prev_hash', 'prevHash'],
  ['hash', 'hash'],
] as const satisfies ReadonlyArray<readonly [keyof AuditLogTable, keyof StoredAuditRow]>;

/** A row field the list above forgot fails to compile here. */
type UnlistedField = Exclude<keyof StoredAuditRow, (typeof auditColumns)[number][1]>;
const everyFieldListed: [UnlistedField] extends [never] ? true : never = true;
void everyFieldListed;

/** The JSON columns: written as JSON text, read as the parsed value. */
const isJsonField = (field: keyof StoredAuditRow) => field === 'before' || field === 'after';

export async function insertAuditRow(trx: Db, row: StoredAuditRow): Promise<void> {
  const values = Object.fromEntries(
    auditColumns.map(([column, field]) => {
      const value = row[field];
      return [column, isJsonField(field) && value !== null ? JSON.stringify(value) : value];
    }),
  ) as Insertable<AuditLogTable>;
  await trx.insertInto('audit_log').values(values).execute();
}

/** The stored columns, `created_at` as the UTC text the hash covers. */
function storedRows(db: Db) {
  const plainColumns = auditColumns.map(([column]) => column).filter((column) => column !== 'created_at');
  return db
    .selectFrom('audit_log')
    .select(plainColumns)
    .select(utcText(sql`created_at`).as('created_at'));
}

function toStored(row: Record<string, unknown>): StoredAuditRow {
  return Object.fromEntries(auditColumns.map(([column, field]) => [field, row[column]])) as unknown as StoredAuditRow;
}

/** Up to `limit` rows after `afterSeq`, in seq order: the chain a page at a time. */
export async function auditChainPage(db: Db, afterSeq: string, limit: number): Promise<StoredAuditRow[]> {
  const rows = await storedRows(db).where('seq', '>', afterSeq).orderBy('seq').limit(limit).execute();
  return rows.map(toStored);
}

function matching(filter: AuditQuery) {
  return (eb: ExpressionBuilder<Database, 'audit_log'>) => {
    const conditions: Array<Expression<SqlBool>> = [];
    if (filter.seq !== undefined) conditions.push(eb('seq', '=', filter.seq));
    if (filter.actorKind !== undefined) conditions.push(eb('actor_kind', '=', filter.actorKind));
    if (filter.actorId !== undefined) conditions.push(eb('actor_id', '=', filter.actorId));
    if (filter.action !== undefined) conditions.push(eb('action', '=', filter.action));
    if (filter.subjectKind !== undefined) conditions.push(eb('subject_kind', '=', filter.subjectKind));
    if (filter.subjectId !== undefined) conditions.push(eb('subject_id', '=', filter.subjectId));
    if (filter.subjects !== undefined) {
      conditions.push(
        eb.or(filter.subjects.map((subject) => eb.and([eb('subject_kind', '=', subject.kind), eb('subject_id', '=', subject.id)]))),
      );
    }
    if (filter.from !== undefined) conditions.push(eb('created_at', '>=', sql<Date>`cast(${filter.from} as timestamptz)`));
    if (filter.to !== undefined) conditions.push(eb('created_at', '<', sql<Date>`cast(${filter.to} as timestamptz)`));
    return eb.and(conditions);
  };
}

/** One page of the matching rows, newest first, and how many match. */
export async function auditSearchPage(
  db: Db,
  filter: AuditQuery,
  page: { limit: number; offset: number },
): Promise<{ rows: StoredAuditRow[]; total: number }> {
  const { rows, total } = await pageWithTotal(
    storedRows(db).where(matching(filter)).orderBy('seq', 'desc').limit(page.limit).offset(page.offset),
    db
      .selectFrom('audit_log')
      .where(matching(filter))
      .select((eb) => eb.fn.countAll<string>().as('total')),
  );
  return { rows: rows.map(toStored), total };
}

/** Up to `limit` matching rows below `beforeSeq` (all when null), newest first: an export a page at a time. */
export async function auditExportPage(db: Db, filter: AuditQuery, beforeSeq: string | null, limit: number): Promise<StoredAuditRow[]> {
  let query = storedRows(db).where(matching(filter));
  if (beforeSeq !== null) query = query.where('seq', '<', beforeSeq);
  const rows = await query.orderBy('seq', 'desc').limit(limit).execute();
  return rows.map(toStored);
}
