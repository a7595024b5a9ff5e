import type { KycRejectReasonKey } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import type { AuditApi } from '../audit';
import type { IdentityApi } from '../identity';
import { operatorAuditFields, type OperatorIdentity } from '../operators';
import {
  findApplication,
  findUpload,
  moveApplication,
  reviewQueue,
  verifiedBasicApplication,
  type KycApplicationRow,
  type KycUploadRow,
} from './kyc.repository';
import { kycError } from './kyc.errors';

/** Reasons a reviewer may give (the contract's list); the customer sees each in their language. */
export type RejectReasonKey = KycRejectReasonKey;

export interface KycReviewService {
  queue(page: number, pageSize: number): Promise<{ total: number; rows: KycApplicationRow[] }>;
  /** An application with what the reviewer sees beside it: its file and, above level 1, the verified basic data. */
  application(id: string): Promise<KycApplicationView>;
  approve(id: string, reviewer: OperatorIdentity): Promise<KycApplicationRow>;
  reject(id: string, reviewer: OperatorIdentity, reason: { key: RejectReasonKey; text: string | null }): Promise<KycApplicationRow>;
  /** An application's file for the reviewer to see, the view recorded in the audit log. */
  viewFile(uploadId: string, reviewer: OperatorIdentity): Promise<KycUploadRow>;
}

export interface KycApplicationView {
  row: KycApplicationRow;
  upload: KycUploadRow | undefined;
  basic: KycApplicationRow | undefined;
}

const summaryOf = (row: KycApplicationRow) => ({ id: row.id, userId: row.user_id, level: row.level, state: row.state });

/**
 * The operator's decision on an application waiting for a person (KYC3 always, KYC2 when the
 * provider asks for manual review): the move, the level and the audit row in one transaction,
 * so a decision is never half-written and two operators cannot both decide.
 */
export function createKycReviewService(deps: { db: Db; identity: IdentityApi; audit: AuditApi }): KycReviewService {
  const { db, identity, audit } = deps;

  async function decide(
    id: string,
    reviewer: OperatorIdentity,
    to: 'verified' | 'failed',
    reason: { key: RejectReasonKey; text: string | null } | null,
  ): Promise<KycApplicationRow> {
    return db.transaction().execute(async (trx) => {
      // Locked: of two decisions racing, the second waits and sees the first one's outcome.
      const before = await findApplication(trx, id, { forUpdate: true });
      if (!before) throw kycError('noMatchingData');
      const after = await moveApplication(trx, id, ['verifying'], to, {
        by: `operator:${reviewer.operatorId}`,
        reasonKey: reason?.key ?? null,
        reason: reason?.text ?? null,
      });
      if (!after) throw kycError(before.state === 'verified' ? 'kycAlreadyVerified' : 'invalidParameter');
      if (to === 'verified') await identity.raiseKycLevel(trx, after.user_id, after.level);
      await audit.record(trx, {
        ...operatorAuditFields(reviewer),
        action: to === 'verified' ? 'kyc.approve' : 'kyc.reject',
        subject: { kind: 'kycApplication', id },
        before: summaryOf(before),
        after: summaryOf(after),
        reason: reason ? `${reason.key}${reason.text ? `: ${reason.text}` : ''}` : null,
      });
      return after;
    });
  }

  return {
    queue: (page, pageSize) => reviewQueue(db, page, pageSize),
    async application(id) {
      const row = await findApplication(db, id);
      if (!row) throw kycError('noMatchingData');
      const [upload, basic] = await Promise.all([
        row.upload_id ? findUpload(db, row.upload_id) : undefined,
        row.level > 1 ? verifiedBasicApplication(db, row.user_id) : undefined,
      ]);
      return { row, upload, basic };
    },
    approve: (id, reviewer) => decide(id, reviewer, 'verified', null),
    reject: (id, reviewer, reason) => decide(id, reviewer, 'failed', reason),
    async viewFile(uploadId, reviewer) {
      const upload = await findUpload(db, uploadId);
      if (!upload) throw kycError('kycUploadNotFound');
      await audit.record(db, { ...operatorAuditFields(reviewer), action: 'kyc.file.view', subject: { kind: 'kycUpload', id: upload.id } });
      return upload;
    },
  };
}
