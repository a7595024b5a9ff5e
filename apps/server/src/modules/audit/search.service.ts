import type { Db } from '../../platform/db/database';
import { canonicalJson } from './audit-hash';
import { csvLine } from './audit-csv';
import { auditExportPage, auditSearchPage, type AuditQuery, type StoredAuditRow } from './audit.repository';
import type { AuditFilter, AuditRow } from './index';

const maxPageSize = 500;
const exportPageSize = 1000;

const csvHeader = [
  'seq',
  'created_at',
  'actor_kind',
  'actor_id',
  'actor_name',
  'action',
  'subject_kind',
  'subject_id',
  'ip',
  'user_agent',
  'reason',
  'before',
  'after',
  'prev_hash',
  'hash',
];

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

/** before/after as the canonical JSON the hash covers, so an export can be checked against the chain. */
const jsonCell = (value: unknown): string | null => (value === null ? null : canonicalJson(value));

function toCsvCells(row: StoredAuditRow): Array<string | null> {
  return [
    row.seq,
    row.createdAt,
    row.actorKind,
    row.actorId,
    row.actorName,
    row.action,
    row.subjectKind,
    row.subjectId,
    row.ip,
    row.userAgent,
    row.reason,
    jsonCell(row.before),
    jsonCell(row.after),
    row.prevHash.toString('hex'),
    row.hash.toString('hex'),
  ];
}

/** What the back office reads: the log a page at a time, and the whole of a selection as CSV. */
export interface AuditSearchService {
  search(filter: AuditFilter): Promise<{ total: number; rows: AuditRow[] }>;
  exportCsv(filter: AuditQuery): Promise<string>;
}

export function createAuditSearchService(deps: { db: Db }): AuditSearchService {
  const { db } = deps;
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
      const lines = [csvLine(csvHeader)];
      let beforeSeq: string | null = null;
      for (;;) {
        const rows = await auditExportPage(db, filter, beforeSeq, exportPageSize);
        for (const row of rows) lines.push(csvLine(toCsvCells(row)));
        const last = rows.at(-1);
        if (rows.length < exportPageSize || !last) return lines.join('');
        beforeSeq = last.seq;
      }
    },
  };
}
