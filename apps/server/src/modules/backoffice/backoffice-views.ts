import {
  securityOperations,
  type AuditRowView,
  type AuditVerificationView,
  type CustomerProfile,
  type CustomerSummary,
  type KycApplication,
} from '@coffer/contract';
import type { AuditRow, AuditVerification } from '../audit';
import type { CustomerFacts, CustomerHistoryEntry } from '../identity';
import type { ReconciliationRunSummary } from '../withdrawals';

// The back office's answers in the contract's shapes (`admin-console.ts`): times as ISO text.

const iso = (at: Date | null): string | null => at?.toISOString() ?? null;

const operationNames = new Map<number, string>(Object.entries(securityOperations).map(([name, code]) => [code, name]));

export function customerSummaryOf(facts: CustomerFacts): CustomerSummary {
  return {
    userId: facts.userId,
    userNo: facts.userNo,
    email: facts.email,
    phone: facts.phone,
    // The column only ever holds a level the kyc module set (0 unverified … 3 video).
    kycLevel: facts.kycLevel as CustomerSummary['kycLevel'],
    lockedAt: iso(facts.lock?.at ?? null),
    createdAt: facts.createdAt.toISOString(),
  };
}

/** What the profile shows besides the account itself, each read from its own module. */
export interface CustomerProfileParts {
  balances: CustomerProfile['balances'];
  kycApplications: KycApplication[];
  securityHistory: Array<CustomerHistoryEntry & { operation: number }>;
  loginHistory: CustomerHistoryEntry[];
}

export function customerProfileOf(facts: CustomerFacts, parts: CustomerProfileParts): CustomerProfile {
  return {
    ...customerSummaryOf(facts),
    residenceCountry: facts.residenceCountry,
    fundPasswordSet: facts.fundPasswordSet,
    authenticatorBound: facts.authenticatorBound,
    lastLoginAt: iso(facts.lastLoginAt),
    withdrawLockedUntil: iso(facts.withdrawLockedUntil),
    lockReason: facts.lock?.reason ?? null,
    balances: parts.balances,
    kycApplications: parts.kycApplications.map((application) => ({
      id: application.id,
      level: application.level,
      state: application.state,
      createdAt: application.createdAt,
      decidedAt: application.reviewedAt,
    })),
    securityHistory: parts.securityHistory.map((entry) => ({
      kind: operationNames.get(entry.operation) ?? String(entry.operation),
      at: entry.at.toISOString(),
      ip: entry.ip,
    })),
    loginHistory: parts.loginHistory.map((entry) => ({ at: entry.at.toISOString(), ip: entry.ip, device: entry.device })),
  };
}

/** The lock as the audit log keeps it before and after a lock or unlock. */
export function lockStateOf(facts: CustomerFacts) {
  return { lockedAt: iso(facts.lock?.at ?? null), lockedBy: facts.lock?.by ?? null, lockReason: facts.lock?.reason ?? null };
}

export function auditRowViewOf(row: AuditRow): AuditRowView {
  return {
    seq: row.seq,
    createdAt: row.createdAt,
    actorKind: row.actor.kind,
    actorId: row.actor.id,
    actorName: row.actor.name ?? null,
    action: row.action,
    subjectKind: row.subject?.kind ?? null,
    subjectId: row.subject?.id ?? null,
    ip: row.ip,
    before: row.before,
    after: row.after,
    reason: row.reason,
  };
}

export function auditVerificationViewOf(result: AuditVerification): AuditVerificationView {
  return result.ok
    ? { ok: true, rows: result.rows, firstBadSeq: null, reason: null }
    : { ok: false, rows: result.rows, firstBadSeq: result.firstBadSeq, reason: result.reason };
}

/** A run is recorded once it has read every chain: it starts and finishes, as far as the record tells, at that moment. */
export function reconciliationRunViewOf(run: ReconciliationRunSummary) {
  return { id: run.runId, startedAt: run.at.toISOString(), finishedAt: run.at.toISOString(), mismatches: run.mismatches };
}
