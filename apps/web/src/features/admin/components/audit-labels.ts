import type { AuditRowView } from '@coffer/contract';
import type { TFunction } from 'i18next';

/** What the server records actions on (the `subject.kind` of an audit row), in the order the filter offers them. */
export const auditSubjectKinds = [
  'customer',
  'kycApplication',
  'kycUpload',
  'kycLevel',
  'sanctionsHold',
  'sanctionsEntry',
  'sanctionsListVersion',
  'operator',
  'operatorSession',
] as const;

/** An action's name (`kyc.approve` → "KYC application approved"); the code itself when it has none yet. */
export function auditActionLabel(t: TFunction<'admin'>, action: string): string {
  return t(`audit.actions.${action}`, { defaultValue: action });
}

/** A subject kind's name; the code itself when it has none yet. */
export function auditSubjectKindLabel(t: TFunction<'admin'>, kind: string): string {
  return t(`audit.subjectKinds.${kind}`, { defaultValue: kind });
}

/** "Customer #2": the subject's kind by name and its id; null when the row has no subject. */
export function auditSubjectLabel(t: TFunction<'admin'>, row: Pick<AuditRowView, 'subjectKind' | 'subjectId'>): string | null {
  if (!row.subjectKind && !row.subjectId) return null;
  return t('audit.subjectLabel', { kind: auditSubjectKindLabel(t, row.subjectKind ?? ''), id: row.subjectId ?? '' });
}

/** "Operator #1" / "System · bootstrap": who acted, by kind and id. */
export function auditActorLabel(t: TFunction<'admin'>, row: Pick<AuditRowView, 'actorKind' | 'actorId'>): string {
  return t('audit.actorLabel', { kind: t(`audit.actorKinds.${row.actorKind}`, { defaultValue: row.actorKind }), id: row.actorId });
}
