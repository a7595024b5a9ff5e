import { z } from 'zod';
import { custodyChangeKinds, custodyChangeStates } from '../rules/custody-order-rules';
import { custodyLineSchema } from './custody';
import { recordIdSchema } from './record-id';

/**
 * Policy changes and the asymmetric freeze of the custody console (issue 18 item 6). Changing a
 * business line's minimum reviewers, reviewers, limits or whitelist does not apply at once: it
 * makes a change request holding the line's policy before and the proposal, which needs the
 * same quorum as a withdrawal on that line (its minimum reviewers now; distinct eligible
 * reviewers of the line other than the proposer, once each; any eligible reviewer's rejection
 * ends it). The approval completing the quorum applies it, unless the line's policy changed
 * meanwhile (the request is then stale). Its name, sub-admin, currencies and accounts stay
 * immediate, and so does the whole first configuration of a line none of whose reviewers has
 * activated their membership yet (no quorum exists to ask).
 *
 * Freezing a line or the organisation is immediate for any member holding `review` (every
 * admin and reviewer); unfreezing is a change request of kind `unfreeze`. The organisation's
 * quorum: the highest minimum reviewers among its lines, approved by members holding `review`
 * who review at least one line.
 */
const text = (max: number) => z.string().max(max);

/** The money-moving rules of a line, as a change request shows them (amounts as exact decimals, lists in a fixed order). */
export const custodyLinePolicySchema = z.object({
  minReviewers: z.number().int(),
  reviewerMemberIds: z.array(z.string()),
  limits: custodyLineSchema.shape.limits,
  whitelist: custodyLineSchema.shape.whitelist,
});
export type CustodyLinePolicy = z.infer<typeof custodyLinePolicySchema>;

/** What an unfreeze changes: when the line or organisation was frozen, and null after. */
export const custodyFreezeStateSchema = z.object({ frozenAt: z.string().nullable() });

export const custodyChangeRequestSchema = z.object({
  id: z.string(),
  kind: z.enum(custodyChangeKinds),
  /** The line it changes; null for the organisation's unfreeze. */
  lineId: z.string().nullable(),
  lineName: z.string().nullable(),
  proposer: z.object({ memberId: z.string(), name: z.string() }),
  state: z.enum(custodyChangeStates),
  /** `policy`: the line's policy then and proposed; `unfreeze`: `{ frozenAt }` then and null. */
  before: z.union([custodyLinePolicySchema, custodyFreezeStateSchema]),
  after: z.union([custodyLinePolicySchema, custodyFreezeStateSchema]),
  approvals: z.array(
    z.object({
      memberId: z.string(),
      memberName: z.string(),
      decision: z.enum(['approve', 'reject']),
      opinion: z.string(),
      /** Whether it counts now (an approver frozen, without `review` or off the line since does not). */
      counts: z.boolean(),
      at: z.string(),
    }),
  ),
  required: z.number().int(),
  counted: z.number().int(),
  /** Eligible members who have not decided and may still approve (while pending). */
  mayApprove: z.array(z.object({ memberId: z.string(), name: z.string() })),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type CustodyChangeRequest = z.infer<typeof custodyChangeRequestSchema>;

export const custodyChangesQuerySchema = z.object({
  state: z.enum(custodyChangeStates).optional(),
  lineId: recordIdSchema('noMatchingData').optional(),
});
export type CustodyChangesQuery = z.input<typeof custodyChangesQuerySchema>;

/** The change requests (newest first, at most 200) with what is frozen now. */
export const custodyChangeBoardSchema = z.object({
  organisationFrozenAt: z.string().nullable(),
  requests: z.array(custodyChangeRequestSchema),
});
export type CustodyChangeBoard = z.infer<typeof custodyChangeBoardSchema>;

/** An approval's optional opinion; a rejection's is required (checked by the server with its code). */
export const custodyChangeDecisionBodySchema = z.object({ opinion: text(1000).default('') });
export type CustodyChangeDecisionBody = z.input<typeof custodyChangeDecisionBodySchema>;

/** An edit of a line: the line as it is now (immediate fields applied) and the change request its policy part made, if any. */
export const custodyLineEditSchema = z.object({
  line: custodyLineSchema,
  changeRequest: custodyChangeRequestSchema.nullable(),
});
export type CustodyLineEdit = z.infer<typeof custodyLineEditSchema>;

export const custodyOrganisationFreezeSchema = z.object({ frozenAt: z.string() });
