import type { AuditEntry } from '../audit';

/** The compliance operator behind a list change or a decision, as the audit log names them. */
export interface SanctionsOfficer {
  operatorId: string;
  name: string | null;
  ip: string;
  userAgent: string;
}

/** The audit entry's actor and caller fields for `officer`. */
export function auditedBy(officer: SanctionsOfficer): Pick<AuditEntry, 'actor' | 'ip' | 'userAgent'> {
  return { actor: { kind: 'operator', id: officer.operatorId, name: officer.name }, ip: officer.ip, userAgent: officer.userAgent };
}
