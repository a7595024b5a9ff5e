import type { KycAllowance, KycApplication, KycApplicationDetail, KycLevelInfo, KycQueueItem, KycRejectReasonKey } from '@coffer/contract';
import type { LevelLimits, LevelSummary } from './kyc-levels.service';
import type { KycApplicationRow, KycUploadRow } from './kyc.repository';

// How the kyc module's rows are shown on the wire (contract shapes).

/** "0" = not allowed (a zero withdrawal limit); limits are never unlimited here. */
export function allowanceOf(limits: LevelLimits | undefined): KycAllowance {
  return { withdrawal24hLimitUsd: limits?.withdrawalDailyUsd ?? '0', spotTradeMaxUsd: limits?.tradeMaxUsd ?? '0' };
}

const rejectReasonOf = (row: { reject_reason_key: string | null; reject_reason: string | null }) =>
  row.reject_reason_key ? { key: row.reject_reason_key as KycRejectReasonKey, text: row.reject_reason ?? '' } : null;

export function levelInfoOf(summary: LevelSummary): KycLevelInfo {
  const byLevel = new Map(summary.limits.map((limits) => [limits.level, limits]));
  const status = (level: 1 | 2 | 3) => {
    const each = summary.levels[level - 1]!;
    return {
      state: each.state,
      rejectReason:
        each.state === 'failed' && each.rejectReasonKey
          ? { key: each.rejectReasonKey as KycRejectReasonKey, text: each.rejectReason ?? '' }
          : null,
      allows: allowanceOf(byLevel.get(level)),
    };
  };
  const level = summary.level as KycLevelInfo['level'];
  return {
    level,
    fullName: summary.fullName,
    allows: allowanceOf(byLevel.get(level)),
    levels: { basic: status(1), advanced: status(2), video: status(3) },
  };
}

export function applicationOf(row: KycApplicationRow): KycApplication {
  return {
    id: row.id,
    level: row.level as KycApplication['level'],
    state: row.state,
    createdAt: row.created_at.toISOString(),
    submittedAt: row.state === 'continue' ? null : row.updated_at.toISOString(),
    reviewedAt: row.decided_at ? row.decided_at.toISOString() : null,
    rejectReason: row.state === 'failed' ? rejectReasonOf(row) : null,
  };
}

export function submissionOf(row: KycApplicationRow) {
  return { applicationId: row.id, level: row.level as KycApplication['level'], state: row.state };
}

export function queueItemOf(row: KycApplicationRow, customer: { userNo: string; masked: string }): KycQueueItem {
  return {
    id: row.id,
    userNo: customer.userNo,
    account: customer.masked,
    level: row.level as KycQueueItem['level'],
    state: row.state,
    country: row.country,
    createdAt: row.created_at.toISOString(),
    providerOutcome: row.provider_outcome ? JSON.stringify(row.provider_outcome) : null,
  };
}

export function detailOf(
  row: KycApplicationRow,
  customer: { userNo: string; masked: string },
  upload: KycUploadRow | undefined,
  basic: KycApplicationRow | undefined,
): KycApplicationDetail {
  return {
    ...queueItemOf(row, customer),
    data: row.data,
    documentType: row.document_type,
    idNumberMasked: row.id_number_masked,
    file: upload
      ? {
          uploadId: upload.id,
          purpose: upload.purpose,
          kind: upload.kind,
          size: upload.size,
          durationSeconds: upload.duration_ms === null ? null : upload.duration_ms / 1000,
        }
      : null,
    ruleChecks: row.rule_checks,
    rejectReason: row.state === 'failed' ? rejectReasonOf(row) : null,
    decidedBy: row.decided_by,
    decidedAt: row.decided_at ? row.decided_at.toISOString() : null,
    verifiedIdentity:
      basic && row.level > 1
        ? { data: basic.data, documentType: basic.document_type, idNumberMasked: basic.id_number_masked, country: basic.country }
        : null,
  };
}
