import { z } from 'zod';
import { kycApplicationStates, kycLevelSchema, kycStepLevelSchema } from './kyc';
import { recordIdSchema } from './record-id';

/**
 * The back office's customer, audit and reconciliation calls (issue 15): customer search and
 * profile, lock and unlock, the audit log (search, CSV export, chain verification) and the
 * reconciliation history. Amounts are decimal strings.
 */

export const customerSearchQuerySchema = z.object({
  /** A user number, a user id, an e-mail or a phone number (digits, with or without the dial code). */
  q: z.string().trim().min(1).max(100),
});

export const customerSummarySchema = z.object({
  userId: z.string(),
  userNo: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  kycLevel: kycLevelSchema,
  lockedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

export const customerIdParamsSchema = z.object({ userId: recordIdSchema('userNotFound') });

export const customerProfileSchema = customerSummarySchema.extend({
  residenceCountry: z.string(),
  fundPasswordSet: z.boolean(),
  authenticatorBound: z.boolean(),
  lastLoginAt: z.string().nullable(),
  withdrawLockedUntil: z.string().nullable(),
  lockReason: z.string().nullable(),
  balances: z.array(z.object({ coin: z.string(), available: z.string(), frozen: z.string() })),
  kycApplications: z.array(
    z.object({
      id: z.string(),
      level: kycStepLevelSchema,
      state: z.enum(kycApplicationStates),
      createdAt: z.string(),
      decidedAt: z.string().nullable(),
    }),
  ),
  securityHistory: z.array(z.object({ kind: z.string(), at: z.string(), ip: z.string().nullable() })),
  loginHistory: z.array(z.object({ at: z.string(), ip: z.string().nullable(), device: z.string().nullable() })),
});
export type CustomerProfile = z.infer<typeof customerProfileSchema>;

/** The longest reason for locking or unlocking a customer. */
export const customerLockReasonMaxChars = 300;
export const customerLockBodySchema = z.strictObject({ reason: z.string().trim().min(1).max(customerLockReasonMaxChars) });

export const auditQuerySchema = z.object({
  actorId: z.string().trim().max(100).optional(),
  action: z.string().trim().max(100).optional(),
  subjectKind: z.string().trim().max(50).optional(),
  subjectId: z.string().trim().max(100).optional(),
  /**
   * Everything concerning one customer, by user number or user id: actions on the customer and on
   * its KYC applications. A customer that does not exist matches nothing.
   */
  customer: z.string().trim().max(100).optional(),
  /** ISO times; `from` inclusive, `to` exclusive. */
  from: z.iso.datetime({ offset: true }).optional(),
  to: z.iso.datetime({ offset: true }).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(200).default(50),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditRowSchema = z.object({
  seq: z.string(),
  createdAt: z.string(),
  actorKind: z.string(),
  actorId: z.string(),
  actorName: z.string().nullable(),
  action: z.string(),
  subjectKind: z.string().nullable(),
  subjectId: z.string().nullable(),
  ip: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string().nullable(),
});
export type AuditRowView = z.infer<typeof auditRowSchema>;

export const auditPageSchema = z.object({ total: z.number().int(), rows: z.array(auditRowSchema) });

export const auditVerificationSchema = z.object({
  ok: z.boolean(),
  rows: z.number().int(),
  /** The first row altered, removed or out of order; null when the chain is intact. */
  firstBadSeq: z.string().nullable(),
  reason: z.enum(['altered', 'missing', 'reordered']).nullable(),
});
export type AuditVerificationView = z.infer<typeof auditVerificationSchema>;

export const reconciliationHistorySchema = z.array(
  z.object({ id: z.string(), startedAt: z.string(), finishedAt: z.string().nullable(), mismatches: z.number().int() }),
);
