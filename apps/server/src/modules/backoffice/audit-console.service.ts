import type { AuditQuery, AuditRowView, AuditVerificationView } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import type { AuditApi, AuditFilter } from '../audit';
import type { IdentityApi } from '../identity';
import type { KycApi } from '../kyc';
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

export interface AuditConsoleDeps {
  db: Db;
  audit: AuditApi;
  identity: Pick<IdentityApi, 'searchCustomers'>;
  /** A customer's KYC applications (their decisions are recorded on the application). */
  kyc: Pick<KycApi, 'applications'>;
}

type Narrowing = Omit<AuditFilter, 'page' | 'pageSize'>;

/** The query's narrowing fields, an empty text meaning no narrowing. */
function filterOf(selection: AuditSelection): Narrowing {
  const filter: Narrowing = {};
  if (selection.actorId) filter.actorId = selection.actorId;
  if (selection.action) filter.action = selection.action;
  if (selection.subjectKind) filter.subjectKind = selection.subjectKind;
  if (selection.subjectId) filter.subjectId = selection.subjectId;
  if (selection.from) filter.from = selection.from;
  if (selection.to) filter.to = selection.to;
  return filter;
}

export function createAuditConsole(deps: AuditConsoleDeps): AuditConsole {
  const { db, audit } = deps;

  /** The customer a user number (`CF` optional) or user id names, exactly; null when none. */
  async function customerIdOf(text: string): Promise<string | null> {
    const wanted = text.replace(/^cf/i, '');
    const found = await deps.identity.searchCustomers(text);
    return found.find((customer) => customer.userNo === wanted || customer.userId === wanted)?.userId ?? null;
  }

  /** The filter, with `customer` turned into the subjects concerning that customer (none when unknown). */
  async function narrowingOf(selection: AuditSelection): Promise<Narrowing> {
    const filter = filterOf(selection);
    if (!selection.customer) return filter;
    const userId = await customerIdOf(selection.customer);
    if (userId === null) return { ...filter, subjects: [] };
    const applications = await deps.kyc.applications(userId);
    return {
      ...filter,
      subjects: [{ kind: 'customer', id: userId }, ...applications.map((application) => ({ kind: 'kycApplication', id: application.id }))],
    };
  }

  return {
    async search(query) {
      const { total, rows } = await audit.search({ ...(await narrowingOf(query)), page: query.page, pageSize: query.pageSize });
      return { total, rows: rows.map(auditRowViewOf) };
    },

    async exportCsv(selection, operator) {
      const filter = await narrowingOf(selection);
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
