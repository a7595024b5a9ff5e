import {
  kycUploadErrorKey,
  kycRuleErrorKeys,
  validateKyc1,
  validateKyc3,
  type KycProblem,
  type KycRule,
  type KycUploadPurpose,
  type SaveKyc1Body,
  type SaveKyc3Body,
} from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import type { BlobStore } from '../../platform/storage';
import { inspectUpload, type UploadRefusalReason } from '../../platform/uploads';
import type { AttemptLimiter, AttemptPolicy, IdentityApi } from '../identity';
import { sealIdNumber } from './kyc-id-number';
import type { KycLevelsService } from './kyc-levels.service';
import {
  findOwnUpload,
  insertApplication,
  insertUpload,
  moveApplication,
  verifiedBasicApplication,
  type KycApplicationRow,
} from './kyc.repository';
import { kycError } from './kyc.errors';

export interface KycSubmissionService {
  /** Judges a file by its content, keeps only its sanitised bytes (encrypted), and answers its id. */
  upload(userId: string, purpose: KycUploadPurpose, bytes: Buffer): Promise<{ uploadId: string; expiresAt: string }>;
  /** KYC1: decided by the §5 rules at once (verified, level 1). */
  saveKyc1(userId: string, body: SaveKyc1Body, today: string): Promise<KycApplicationRow>;
  /** KYC3: the answers and the video, waiting for a person's decision. */
  saveKyc3(userId: string, body: SaveKyc3Body): Promise<KycApplicationRow>;
}

/** An upload no application refers to is of no use after this long (the web asks again). */
export const uploadTtlMs = 24 * 3_600_000;

/** Uploads per customer: a quota taken before the file is judged, never given back. */
const uploadsByCustomer: Omit<AttemptPolicy, 'onSuccess'> = {
  scope: 'kyc-upload:account',
  maxFailures: 30,
  windowMinutes: 60,
  lockMinutes: 60,
};

const refusalRules: Record<UploadRefusalReason, KycRule> = {
  tooSmall: 'fileTooSmall',
  tooLarge: 'fileTooLarge',
  unsupportedType: 'fileType',
  undecodable: 'fileType',
  unsafeContent: 'fileType',
  tooLong: 'videoTooLong',
};

/** The first problem as the envelope code of its rule, naming the field. */
function problemError(problems: readonly KycProblem[]) {
  const first = problems[0]!;
  return kycError(kycRuleErrorKeys[first.rule] as Parameters<typeof kycError>[0], { field: first.field }, first.field);
}

/** KYC1 and KYC3 submissions and their uploads (spec §3, §5); KYC2 is the provider's (kyc-provider.service). */
export function createKycSubmissionService(deps: {
  db: Db;
  identity: IdentityApi;
  levels: KycLevelsService;
  blobs: BlobStore;
  key: Buffer;
  limiter: Pick<AttemptLimiter, 'take'>;
}): KycSubmissionService {
  const { db, identity, levels, blobs, key, limiter } = deps;

  async function ownUpload(userId: string, uploadId: string, purpose: KycUploadPurpose) {
    const upload = await findOwnUpload(db, userId, uploadId, purpose);
    if (!upload || upload.created_at.getTime() < Date.now() - uploadTtlMs) throw kycError('kycUploadNotFound');
    return upload;
  }

  return {
    async upload(userId, purpose, bytes) {
      if (await limiter.take(uploadsByCustomer, userId)) throw kycError('tooManyRequests');
      const inspected = await inspectUpload(bytes, purpose === 'video' ? 'video' : 'imageOrPdf');
      if (!inspected.ok) {
        throw kycError(kycUploadErrorKey(purpose, refusalRules[inspected.reason]) as Parameters<typeof kycError>[0], {}, 'file');
      }
      const stored = await blobs.put(inspected.bytes, { contentType: inspected.mime });
      const row = await insertUpload(db, {
        user_id: userId,
        purpose,
        blob_key: stored.key,
        kind: inspected.kind,
        mime: inspected.mime,
        size: stored.size,
        sha256: stored.sha256,
        duration_ms: inspected.durationSeconds === undefined ? null : Math.round(inspected.durationSeconds * 1000),
      }).catch(async (error: unknown) => {
        // No row will name the file: it goes too.
        await blobs.delete(stored.key);
        throw error;
      });
      return { uploadId: row.id, expiresAt: new Date(row.created_at.getTime() + uploadTtlMs).toISOString() };
    },

    async saveKyc1(userId, body, today) {
      const problems = validateKyc1(body, today);
      if (problems.length > 0) throw problemError(problems);
      await levels.assertLevelOrder(userId, 1);
      const upload = await ownUpload(userId, body.addressProofUploadId, 'addressProof');
      const sealed = sealIdNumber(key, body.idNumber);
      const { idNumber: _idNumber, addressProofUploadId: _upload, ...data } = body;
      return db.transaction().execute(async (trx) => {
        // Decided again under the customer's row lock: of racing submissions the first verifies,
        // each later one waits for it and then finds the level verified.
        if ((await identity.lockKycLevel(trx, userId)) >= 1) throw kycError('kycAlreadyVerified');
        const opened = await insertApplication(trx, {
          user_id: userId,
          level: 1,
          state: 'verifying',
          country: body.country,
          data: JSON.stringify(data),
          document_type: body.documentType,
          id_number_encrypted: sealed.encrypted,
          id_number_masked: sealed.masked,
          id_last6_digest: sealed.last6Digest,
          upload_id: upload.id,
          rule_checks: JSON.stringify([{ rule: 'kyc1Rules', passed: true }]),
        });
        if (!opened) throw kycError('kycAlreadyVerifying');
        // KYC1 is decided by the rules alone (issue 15): verified in the same transaction.
        const verified = await moveApplication(trx, opened.id, ['verifying'], 'verified', { by: 'rules' });
        await identity.raiseKycLevel(trx, userId, 1);
        return verified!;
      });
    },

    async saveKyc3(userId, body) {
      const problems = validateKyc3(body);
      if (problems.length > 0) throw problemError(problems);
      await levels.assertLevelOrder(userId, 3);
      const video = await ownUpload(userId, body.videoUploadId, 'video');
      const { videoUploadId: _video, ...data } = body;
      // The country of the verified basic level ('XX' for a level set without one, as by a migration).
      const country = (await verifiedBasicApplication(db, userId))?.country ?? 'XX';
      const opened = await insertApplication(db, {
        user_id: userId,
        level: 3,
        state: 'verifying',
        country,
        data: JSON.stringify(data),
        upload_id: video.id,
        rule_checks: JSON.stringify([
          { rule: 'kyc3Rules', passed: true },
          { rule: 'videoDuration', passed: true, detail: `${(video.duration_ms ?? 0) / 1000} s` },
        ]),
      });
      if (!opened) throw kycError('kycAlreadyVerifying');
      return opened;
    },
  };
}
