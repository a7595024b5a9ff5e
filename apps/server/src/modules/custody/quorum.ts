import type { CustodyMemberState } from '@coffer/contract';

/**
 * The quorum of the custody console (issue 18 items 2 and 6), one rule for withdrawal orders
 * and for policy change requests: the approvals that count are those of distinct eligible
 * reviewers — an active member holding `review`, listed as a reviewer now — other than the one
 * who submitted or proposed it, each once. Counted as things are at the moment of asking: an
 * approver frozen, stripped of `review` or taken off the list since no longer counts.
 */
export interface QuorumReviewer {
  memberId: string;
  name: string;
  eligible: boolean;
}

export interface QuorumFacts {
  required: number;
  /** The submitter of the order or the proposer of the change: never counted. */
  authorId: string;
  reviewers: readonly QuorumReviewer[];
  decisions: ReadonlyArray<{ memberId: string; decision: 'approve' | 'reject' }>;
}

export interface Quorum {
  required: number;
  /** Approvals that count now. */
  counted: number;
  /** Whose decisions count: the eligible reviewers other than the author. */
  eligibleIds: string[];
  /** Eligible reviewers who have not decided yet. */
  mayApprove: Array<{ memberId: string; name: string }>;
  /** An eligible reviewer rejected it. */
  rejected: boolean;
  /** Enough approvals are in. */
  reached: boolean;
}

/** Whether a reviewer's decision can count: an active member whose role holds `review`. */
export function reviewerEligible(reviewer: { state: CustodyMemberState; can_review: boolean }): boolean {
  return reviewer.state === 'active' && reviewer.can_review;
}

export function quorumOf(facts: QuorumFacts): Quorum {
  const eligible = facts.reviewers.filter((reviewer) => reviewer.eligible && reviewer.memberId !== facts.authorId);
  const eligibleIds = new Set(eligible.map((reviewer) => reviewer.memberId));
  const decided = new Set(facts.decisions.map((decision) => decision.memberId));
  const counting = facts.decisions.filter((decision) => eligibleIds.has(decision.memberId));
  const counted = new Set(counting.filter((decision) => decision.decision === 'approve').map((decision) => decision.memberId)).size;
  return {
    required: facts.required,
    counted,
    eligibleIds: [...eligibleIds],
    mayApprove: eligible.filter((reviewer) => !decided.has(reviewer.memberId)).map(({ memberId, name }) => ({ memberId, name })),
    rejected: counting.some((decision) => decision.decision === 'reject'),
    reached: counted >= facts.required,
  };
}
