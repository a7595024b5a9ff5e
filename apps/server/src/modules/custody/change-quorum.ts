import type { CustodyChangeRequest, CustodyLinePolicy } from '@coffer/contract';
import type { Db } from '../../platform/db/database';
import { changeDecisionsOf, linesForQuorum, type ChangeDecisionRow, type ChangeRequestListed } from './change-requests.repository';
import { readLineReviewers } from './orders.repository';
import { quorumOf, reviewerEligible, type Quorum } from './quorum';

/**
 * The quorum a change request needs (issue 18 item 6), as things are now:
 * - of a line (its policy, or its unfreeze): the same as a withdrawal on that line — the line's
 *   minimum reviewers now, approved by its reviewers who are active members holding `review`;
 * - of the organisation (its unfreeze): the highest minimum reviewers among its lines (at least
 *   one), approved by active members holding `review` who review at least one of its lines.
 * The proposer never counts (`quorumOf`, the rule withdrawal orders use too).
 */
export async function changeQuorum(
  trx: Db,
  request: { line_id: string | null; proposer_member_id: string },
  decisions: readonly ChangeDecisionRow[],
): Promise<Quorum> {
  const lines = await linesForQuorum(trx);
  const scope = request.line_id === null ? lines : lines.filter((line) => line.id === request.line_id);
  const required = Math.max(1, ...scope.map((line) => line.min_reviewers));
  const reviewers = await readLineReviewers(
    trx,
    scope.map((line) => line.id),
  );
  return quorumOf({
    required,
    authorId: request.proposer_member_id,
    reviewers: reviewers.map((row) => ({ memberId: row.member_id, name: row.name, eligible: reviewerEligible(row) })),
    decisions: decisions.map((row) => ({ memberId: row.member_id, decision: row.decision })),
  });
}

type Stored = CustodyLinePolicy | { frozenAt: string | null };

/** A request as the console shows it: before → after, the decisions (whether each counts now), approvals in and required. */
export async function changeView(trx: Db, row: ChangeRequestListed): Promise<CustodyChangeRequest> {
  const decisions = await changeDecisionsOf(trx, [row.id]);
  const quorum = await changeQuorum(trx, row, decisions);
  const eligible = new Set(quorum.eligibleIds);
  return {
    id: row.id,
    kind: row.kind,
    lineId: row.line_id,
    lineName: row.line_name,
    proposer: { memberId: row.proposer_member_id, name: row.proposer_name },
    state: row.state,
    before: row.before as Stored,
    after: row.after as Stored,
    approvals: decisions.map((decision) => ({
      memberId: decision.member_id,
      memberName: decision.member_name,
      decision: decision.decision,
      opinion: decision.opinion,
      counts: eligible.has(decision.member_id),
      at: decision.created_at.toISOString(),
    })),
    required: quorum.required,
    counted: quorum.counted,
    mayApprove: row.state === 'pending' ? quorum.mayApprove : [],
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
  };
}
