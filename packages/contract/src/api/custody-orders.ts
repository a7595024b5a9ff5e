import { z } from 'zod';
import { custodyLimitWindows, custodyOrderStates, custodyPolicyRules } from '../rules/custody-order-rules';
import { securityVerificationSchema } from './identity';
import { amountSchema, chainSchema, coinSchema, pageQueryFields, pageSchema } from './primitives';
import { recordIdSchema } from './record-id';

/**
 * Withdrawal orders of the custody console (issue 18 items 1–5): a single order, its approvals
 * bound to the order's digest, and the policy engine's answer ("why is this held?") for an
 * order or a dry run. Amounts are decimal text in the coin.
 */
const text = (max: number) => z.string().max(max);

export const custodyOrderStateSchema = z.enum(custodyOrderStates);
export const custodyPolicyRuleSchema = z.enum(custodyPolicyRules);

/** What a dry run checks: a single withdrawal order as it would be submitted. */
export const custodyOrderDraftSchema = z.object({
  lineId: recordIdSchema('noMatchingData'),
  accountId: recordIdSchema('noMatchingData'),
  coin: coinSchema,
  chain: chainSchema,
  /** Decimal in the coin, greater than 0, at most the coin's decimals. */
  amount: amountSchema,
  address: z.string().trim().max(200),
  /** XRP destination tag; empty elsewhere. */
  tag: z.string().trim().max(20).default(''),
  /** At most 150 characters (spec §5), checked by the server with its own code. */
  note: text(1000).default(''),
});
export type CustodyOrderDraft = z.input<typeof custodyOrderDraftSchema>;

/** A single withdrawal order; `requestId` is the client's idempotency key (a retry submits once). */
export const custodyOrderBodySchema = custodyOrderDraftSchema.extend({
  requestId: z.string().trim().min(8).max(64),
});
export type CustodyOrderBody = z.input<typeof custodyOrderBodySchema>;

/**
 * An approval: the digest the reviewer was shown (refused when the order's is another), an
 * optional opinion, and either the member's second factor (the codes of
 * `securityVerificationSchema`) or, where the organisation requires hardware keys, `passkey`: a
 * WebAuthn assertion over the challenge `approvalOptions` derived from the digest, with the
 * `nonce` those options carried.
 */
export const custodyApproveBodySchema = securityVerificationSchema.extend({
  digest: z
    .string()
    .trim()
    .regex(/^[0-9a-f]{64}$/),
  opinion: text(1000).default(''),
  nonce: z
    .string()
    .regex(/^[A-Za-z0-9_-]{16,64}$/)
    .optional(),
});

/**
 * What a security key signs to approve an order: the WebAuthn request options (`publicKey` of
 * `navigator.credentials.get`) whose challenge is SHA-256 of
 * `coffer-custody-approval:<order id>:<digest>:<nonce>`, the digest and the single-use nonce
 * (live 5 minutes) the approval sends back.
 */
export const custodyApprovalOptionsSchema = z.object({
  digest: z.string(),
  nonce: z.string(),
  publicKey: z.record(z.string(), z.unknown()),
});
export type CustodyApprovalOptions = z.infer<typeof custodyApprovalOptionsSchema>;
export type CustodyApproveBody = z.input<typeof custodyApproveBodySchema>;

/** A rejection ends the order; its opinion is required (spec §4). */
export const custodyRejectBodySchema = z.object({ opinion: text(1000) });
export type CustodyRejectBody = z.input<typeof custodyRejectBodySchema>;

/**
 * The order list's filters, all within the caller's organisation: state, business line, coin,
 * the submitting member, the batch, and the submission time in [start, end) (ISO dates or
 * date-times).
 */
export const custodyOrdersQuerySchema = z.object({
  state: custodyOrderStateSchema.optional(),
  lineId: recordIdSchema('noMatchingData').optional(),
  coin: coinSchema.optional(),
  submitterId: recordIdSchema('noMatchingData').optional(),
  batchId: recordIdSchema('noMatchingData').optional(),
  start: z.string().trim().max(40).optional(),
  end: z.string().trim().max(40).optional(),
  ...pageQueryFields({ maxPageNo: 10_000, defaultPageSize: 20 }),
});
export type CustodyOrdersQuery = z.input<typeof custodyOrdersQuerySchema>;

/** One limit window of the line for the coin: the limit, what pending and approved orders use of it, what is left and when enough frees up. */
export const custodyLimitStandingSchema = z.object({
  window: z.enum(custodyLimitWindows),
  limit: z.string(),
  /** What other counted orders use in the window (none for `perTransaction`). */
  used: z.string(),
  remaining: z.string(),
  /** When the window will have room for this amount again; null when it has room now, or never will (the amount exceeds the limit). */
  freesAt: z.string().nullable(),
});

export const custodyApprovalSchema = z.object({
  memberId: z.string(),
  memberName: z.string(),
  decision: z.enum(['approve', 'reject']),
  opinion: z.string(),
  /** The digest the member approved (hex SHA-256 of the canonical order). */
  digest: z.string(),
  /** How the approval was confirmed: a security key's assertion over the digest, or the member's second factor. */
  method: z.enum(['passkey', 'secondFactor']),
  /** The security key's name when it was registered (null for a second factor or a rejection). */
  credentialName: z.string().nullable(),
  /** The assertion as the key made it (base64url), null for a second factor: anyone can re-verify it against the key. */
  signature: z
    .object({
      credentialId: z.string(),
      signature: z.string(),
      authenticatorData: z.string(),
      clientDataJSON: z.string(),
    })
    .nullable(),
  /** Whether the approval counts now (an approver frozen or removed from the line since does not). */
  counts: z.boolean(),
  at: z.string(),
});

/**
 * The policy engine's answer: `pass` (nothing stops it: a dry run would be accepted and then wait
 * for `approvals.required` approvals; an order would be sent), `held` (a submitted order waiting
 * for approvals: rule `minimumReviewers`), `refused` (the rule named, with its catalogue code and
 * message). With the line's limits for the coin, the approvals in and who may still approve.
 */
export const custodyPolicyAnswerSchema = z.object({
  verdict: z.enum(['pass', 'held', 'refused']),
  rule: custodyPolicyRuleSchema.nullable(),
  /** The catalogue code of the refusal and its message in the caller's language; null when nothing refuses. */
  code: z.number().int().nullable(),
  message: z.string().nullable(),
  /** When a cooling period or a limit window frees it; null otherwise. */
  until: z.string().nullable(),
  limits: z.array(custodyLimitStandingSchema),
  approvals: z.object({
    required: z.number().int(),
    counted: z.number().int(),
    /** Eligible reviewers of the line who have not decided and may still approve. */
    mayApprove: z.array(z.object({ memberId: z.string(), name: z.string() })),
  }),
});
export type CustodyPolicyAnswer = z.infer<typeof custodyPolicyAnswerSchema>;

export const custodyOrderSchema = z.object({
  id: z.string(),
  serialNo: z.string(),
  /** `batch` when the order came from a batch CSV (`batchId`, one order per row). */
  type: z.enum(['single', 'batch']),
  batchId: z.string().nullable(),
  lineId: z.string(),
  lineName: z.string(),
  accountId: z.string(),
  accountName: z.string(),
  coin: z.string(),
  chain: z.string(),
  amount: z.string(),
  fee: z.string(),
  address: z.string(),
  tag: z.string(),
  note: z.string(),
  digest: z.string(),
  state: custodyOrderStateSchema,
  submitter: z.object({ memberId: z.string(), name: z.string() }),
  submittedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type CustodyOrder = z.infer<typeof custodyOrderSchema>;

/**
 * What happened to an order after its quorum (the detail's timeline): when it was handed to the
 * withdrawal signer (`sentAt`, the approval completing the quorum), the transaction that paid it
 * and when its transfer record was written, and the confirmations it was settled after (the
 * network's required count: the signer settles only then). Null where it has not happened.
 */
export const custodyOrderPayoutSchema = z.object({
  sentAt: z.string().nullable(),
  txid: z.string().nullable(),
  settledAt: z.string().nullable(),
  confirmations: z.number().int().nullable(),
});
export type CustodyOrderPayout = z.infer<typeof custodyOrderPayoutSchema>;

/** The order detail: the order, its approvals, why it is held (the policy engine's answer now), and its payout. */
export const custodyOrderDetailSchema = z.object({
  order: custodyOrderSchema,
  approvals: z.array(custodyApprovalSchema),
  policy: custodyPolicyAnswerSchema,
  payout: custodyOrderPayoutSchema,
});
export type CustodyOrderDetail = z.infer<typeof custodyOrderDetailSchema>;

export const custodyOrdersPageSchema = pageSchema(custodyOrderSchema);

/**
 * A business line as a submitter needs it to fill a withdrawal (the single form and the batch
 * page): its currencies, custody accounts, minimum reviewers and limits per coin — without its
 * reviewers or whitelist, which only `lines` may read.
 */
export const custodyOrderLineSchema = z.object({
  id: z.string(),
  name: z.string(),
  currencies: z.array(z.string()),
  accountIds: z.array(z.string()),
  minReviewers: z.number().int(),
  limits: z.array(
    z.object({ asset: z.string(), perTransaction: z.string(), perDay: z.string(), perWeek: z.string(), perMonth: z.string() }),
  ),
});
export type CustodyOrderLine = z.infer<typeof custodyOrderLineSchema>;
export const custodyOrderLineListSchema = z.array(custodyOrderLineSchema);
