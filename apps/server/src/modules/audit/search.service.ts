import type { Db } from '../../platform/db/database';
import { canonicalJson } from './audit-hash';
import { csvLine, csvText } from '../../platform/csv/csv';
import { auditColumns, auditExportPage, auditSearchPage, type AuditQuery, type StoredAuditRow } from './audit.repository';
import type { AuditFilter, AuditRow } from './index';

const maxPageSize = 500;
const exportPageSize = 1000;

/** before/after as the canonical JSON the hash covers, so an export can be checked against the chain. */
const jsonCell = (value: unknown): string | null => (value === null ? null : canonicalJson(value));

/** A stored value as its CSV cell: hashes in hex, before/after as the canonical JSON the hash covers. */
function csvCell(field: (typeof auditColumns)[number][1], row: StoredAuditRow): string | null {
  const value = row[field];
  if (Buffer.isBuffer(value)) return value.toString('hex');
  if (field === 'before' || field === 'after') return jsonCell(value);
  return value as string | null;
}

function toAuditRow(row: StoredAuditRow): AuditRow {
  return {
    seq: row.seq,
    createdAt: row.createdAt,
    actor: { kind: row.actorKind, id: row.actorId, name: row.actorName },
    action: row.action,
    subject: row.subjectKind !== null && row.subjectId !== null ? { kind: row.subjectKind, id: row.subjectId } : null,
    ip: row.ip,
    userAgent: row.userAgent,
    before: row.before,
    after: row.after,
    reason: row.reason,
  };
}

/** What the back office reads: the log a page at a time, and the whole of a selection as CSV. */
export interface AuditSearchService {
  search(filter: AuditFilter): Promise<{ total: number; rows: AuditRow[] }>;
  exportCsv(filter: AuditQuery): Promise<string>;
  /** The same CSV a page of rows at a time (the header first), so a large export never sits in memory whole. */
  csvChunks(filter: AuditQuery): AsyncIterable<string>;
}

export function createAuditSearchService(deps: { db: Db }): AuditSearchService {
  const { db } = deps;

  async function* csvChunks(filter: AuditQuery): AsyncGenerator<string> {
    yield csvLine(auditColumns.map(([column]) => csvText(column)));
    let beforeSeq: string | null = null;
    for (;;) {
      const rows = await auditExportPage(db, filter, beforeSeq, exportPageSize);
      if (rows.length > 0) yield rows.map((row) => csvLine(auditColumns.map(([, field]) => csvText(csvCell(field, row))))).join('');
      const last = rows.at(-1);
      if (rows.length < exportPageSize || !last) return;
      beforeSeq = last.seq;
    }
  }

  return {
    async search(filter) {
      const { page, pageSize, ...query } = filter;
      if (!Number.isInteger(page) || page < 1) throw new RangeError('audit search: page starts at 1');
      if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > maxPageSize) {
        throw new RangeError(`audit search: pageSize must be 1 to ${maxPageSize}`);
      }
      const { rows, total } = await auditSearchPage(db, query, { limit: pageSize, offset: (page - 1) * pageSize });
      return { total, rows: rows.map(toAuditRow) };
    },

    async exportCsv(filter) {
      let csv = '';
      for await (const chunk of csvChunks(filter)) csv += chunk;
      return csv;
    },

    csvChunks,
  };
}
