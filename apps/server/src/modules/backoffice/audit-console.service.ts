import type { AuditQuery, AuditRowView, AuditVerificationView } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import type { AuditApi, AuditFilter } from '../audit';
import { auditRowViewOf, auditVerificationViewOf } from './backoffice-views';
import type { OperatorAuditFields } from '../operators';

type AuditSelection = Omit<AuditQuery, 'page' | 'pageSize'>;

/** The back office's audit calls: search, the CSV export (itself recorded) and the chain's verification. */
export interface AuditConsole {
  search(query: AuditQuery): Promise<{ total: number; rows: AuditRowView[] }>;
  /** The selection as CSV, read a page at a time as it is sent, and its file name (`audit-<UTC date>.csv`); recorded as `audit.export` before any of it is handed out. */
  exportCsv(selection: AuditSelection, operator: OperatorAuditFields): Promise<{ fileName: string; csv: AsyncIterable<string> }>;
  verify(): Promise<AuditVerificationView>;
}

/** The query's narrowing fields, an empty text meaning no narrowing. */
function filterOf(selection: AuditSelection): Omit<AuditFilter, 'page' | 'pageSize'> {
  const filter: Omit<AuditFilter, 'page' | 'pageSize'> = {};
  if (selection.actorId) filter.actorId = selection.actorId;
  if (selection.action) filter.action = selection.action;
  if (selection.subjectKind) filter.subjectKind = selection.subjectKind;
  if (selection.subjectId) filter.subjectId = selection.subjectId;
  if (selection.from) filter.from = selection.from;
  if (selection.to) filter.to = selection.to;
  return filter;
}

export function createAuditConsole(deps: { db: Db; audit: AuditApi }): AuditConsole {
  const { db, audit } = deps;
  return {
    async search(query) {
      const { total, rows } = await audit.search({ ...filterOf(query), page: query.page, pageSize: query.pageSize });
      return { total, rows: rows.map(auditRowViewOf) };
    },

    async exportCsv(selection, operator) {
      const filter = filterOf(selection);
      // Recorded before the first row is read: an export that fails to be recorded is not sent.
      await audit.record(db, {
        actor: operator.actor,
        action: 'audit.export',
        ip: operator.ip,
        userAgent: operator.userAgent,
        after: { filter },
      });
      return { fileName: `audit-${new Date().toISOString().slice(0, 10)}.csv`, csv: audit.exportCsvChunks(filter) };
    },

    async verify() {
      return auditVerificationViewOf(await audit.verify());
    },
  };
}
