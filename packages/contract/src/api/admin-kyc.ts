import { z } from 'zod';
import { kycDocumentTypes } from '../rules/kyc-rules';
import { kycApplicationStates, kycLevelSchema, kycRejectReasonSchema, kycStepLevelSchema } from './kyc';
import { recordIdSchema } from './record-id';

/**
 * The back office's KYC calls (issue 15): the review queue, an application with its files and
 * checks, the decision, and the per-level limits a super admin sets. Amounts are decimal
 * strings of USD.
 */

export const kycApplicationIdParamsSchema = z.object({ id: recordIdSchema('noMatchingData') });
export const kycUploadIdParamsSchema = z.object({ id: recordIdSchema('kycUploadNotFound') });

export const kycQueueQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

export const kycRuleCheckSchema = z.object({ rule: z.string(), passed: z.boolean(), detail: z.string().optional() });

export const kycQueueItemSchema = z.object({
  id: z.string(),
  userNo: z.string(),
  account: z.string(),
  level: kycStepLevelSchema,
  state: z.enum(kycApplicationStates),
  country: z.string(),
  createdAt: z.string(),
  /** The provider's answer (KYC2), as recorded. */
  providerOutcome: z.string().nullable(),
});
export type KycQueueItem = z.infer<typeof kycQueueItemSchema>;

export const kycQueueSchema = z.object({ total: z.number().int(), items: z.array(kycQueueItemSchema) });

export const kycFileSchema = z.object({
  uploadId: z.string(),
  purpose: z.enum(['addressProof', 'video']),
  kind: z.enum(['jpeg', 'png', 'pdf', 'webm', 'mp4']),
  size: z.number().int(),
  durationSeconds: z.number().nullable(),
});

export const kycApplicationDetailSchema = kycQueueItemSchema.extend({
  /** What the customer gave (names, birthday, address, KYC3 answers), as submitted. */
  data: z.record(z.string(), z.unknown()),
  documentType: z.enum(kycDocumentTypes).nullable(),
  idNumberMasked: z.string().nullable(),
  file: kycFileSchema.nullable(),
  ruleChecks: z.array(kycRuleCheckSchema),
  rejectReason: kycRejectReasonSchema.nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** For levels 2 and 3: the customer's verified basic level (names, birthday, document, address), to compare with the document and the video. */
  verifiedIdentity: z
    .object({
      data: z.record(z.string(), z.unknown()),
      documentType: z.enum(kycDocumentTypes).nullable(),
      idNumberMasked: z.string().nullable(),
      country: z.string(),
    })
    .nullable(),
});
export type KycApplicationDetail = z.infer<typeof kycApplicationDetailSchema>;

/** The longest reviewer's note on a rejection (the column's check). */
export const kycRejectTextMaxChars = 500;

/**
 * A rejection: a reason key, and the reviewer's note (trimmed). The note may be empty, except for
 * `other`, where it is the only explanation the customer gets.
 */
export const kycRejectBodySchema = z
  .strictObject({ key: kycRejectReasonSchema.shape.key, text: z.string().trim().max(kycRejectTextMaxChars) })
  .superRefine((body, context) => {
    if (body.key === 'other' && body.text === '') {
      context.addIssue({ code: 'custom', path: ['text'], message: 'A note is required when the reason is "other"' });
    }
  });
export type KycRejectBody = z.infer<typeof kycRejectBodySchema>;

export const kycLevelLimitSchema = z.object({
  level: kycLevelSchema,
  withdrawalDailyUsd: z.string(),
  tradeMaxUsd: z.string(),
});
export type KycLevelLimit = z.infer<typeof kycLevelLimitSchema>;

/** A USD limit: a plain decimal, at most this many whole digits and decimals ("0" means not allowed). */
export const usdAmountMaxWholeDigits = 15;
export const usdAmountMaxDecimals = 2;
export const usdAmountPattern = new RegExp(`^\\d{1,${usdAmountMaxWholeDigits}}(\\.\\d{1,${usdAmountMaxDecimals}})?$`);

const usdAmount = z.string().trim().regex(usdAmountPattern);

export const kycLevelLimitParamsSchema = z.object({ level: z.coerce.number().int().min(0).max(3) });
export const kycLevelLimitBodySchema = z.strictObject({ withdrawalDailyUsd: usdAmount, tradeMaxUsd: usdAmount });
