import type { Db } from '../../platform/db/database';
import { recordAuditEntry } from './record.service';
import { createAuditSearchService } from './search.service';
import { verifyAuditChain } from './verify.service';

/** Who did it: a back-office operator, a customer, or the system itself (a job, a script). */
export interface AuditActor {
  kind: 'operator' | 'customer' | 'system';
  id: string;
  /** The name shown at the time, kept as it was then. */
  name?: string | null;
}

/** One privileged action to record. */
export interface AuditEntry {
  actor: AuditActor;
  /** What was done, `<domain>.<verb>` (`kyc.approve`, `customer.lock`). */
  action: string;
  /** What it was done to. */
  subject?: { kind: string; id: string } | null;
  ip?: string | null;
  /** Cut to 512 characters. */
  userAgent?: string | null;
  /** The record before and after the action: any JSON value (bigints become decimal strings, `undefined` is no record). */
  before?: unknown;
  after?: unknown;
  reason?: string | null;
}

/** One recorded action as it is read back. */
export interface AuditRow {
  seq: string;
  /** The database's clock when the row was appended, UTC to the microsecond (`2025-01-02T03:04:05.123456Z`). */
  createdAt: string;
  actor: AuditActor;
  action: string;
  subject: { kind: string; id: string } | null;
  ip: string | null;
  userAgent: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
}

/** Which rows to read. Every field narrows; `from` is inclusive, `to` exclusive. */
export interface AuditFilter {
  actorKind?: AuditActor['kind'];
  actorId?: string;
  action?: string;
  subjectKind?: string;
  subjectId?: string;
  /** Rows about any of these subjects (an empty list matches nothing): all that concerns one customer. */
  subjects?: ReadonlyArray<{ kind: string; id: string }>;
  /** One row by its sequence number. */
  seq?: string;
  from?: Date | string;
  to?: Date | string;
  /** 1-based. */
  page: number;
  /** 1 to 500. */
  pageSize: number;
}

export type AuditVerification =
  | { ok: true; rows: number }
  | {
      ok: false;
      /** Rows found intact before the first bad one. */
      rows: number;
      firstBadSeq: string;
      /** `missing`: no row holds this seq (deleted); `reordered`: its prev_hash is not the previous row's hash; `altered`: its content no longer matches its hash. */
      reason: 'altered' | 'missing' | 'reordered';
    };

/** The audit log: an append-only, hash-chained record of every privileged action. */
export interface AuditApi {
  /**
   * Appends one entry on `executor`: the caller's transaction, so the action and its record
   * commit or roll back together, or the database (a transaction of its own). Appends are
   * serialized by a transaction-scoped lock held until the caller commits: record last, just
   * before the commit. The caller's transaction must be READ COMMITTED (the default).
   */
  record(executor: Db, entry: AuditEntry): Promise<{ seq: string }>;
  /** Recomputes every row's hash in seq order and checks each link; names the first bad row. */
  verify(): Promise<AuditVerification>;
  /** Newest first, a page at a time, with how many rows match. */
  search(filter: AuditFilter): Promise<{ total: number; rows: AuditRow[] }>;
  /** Every matching row, newest first, as RFC 4180 CSV with spreadsheet formulas neutralised. */
  exportCsv(filter: Omit<AuditFilter, 'page' | 'pageSize'>): Promise<string>;
  /** The same CSV a page of rows at a time, for sending as it is read. */
  exportCsvChunks(filter: Omit<AuditFilter, 'page' | 'pageSize'>): AsyncIterable<string>;
}

/** The audit module (table `audit_log`). `verifyPageSize`: rows read per page while verifying. */
export function createAuditModule(deps: { db: Db; verifyPageSize?: number }): { api: AuditApi } {
  const search = createAuditSearchService(deps);
  return {
    api: {
      record: (executor, entry) => recordAuditEntry(executor, entry),
      verify: () => verifyAuditChain(deps.db, deps.verifyPageSize ?? 1000),
      search: (filter) => search.search(filter),
      exportCsv: (filter) => search.exportCsv(filter),
      exportCsvChunks: (filter) => search.csvChunks(filter),
    },
  };
}
