import {
  custodyLimitWindowHours,
  custodyOrderLimits,
  custodyPolicyRules,
  type CustodyLimitWindow,
  type CustodyMemberState,
  type CustodyPolicyRule,
} from '@coffer/contract';
import { quorumOf, type QuorumReviewer } from './quorum';

/**
 * The policy engine (issue 18 item 4), a pure function of what the repository read: the rules
 * of `custodyPolicyRules` in their fixed order, the first that does not pass being the answer,
 * with the line's limit windows and the approvals, so that every hold explains itself.
 */

export interface PolicyOrder {
  /** The order being decided, when it exists (its own amount is then not counted twice). */
  orderId: string | null;
  submitterMemberId: string;
  accountId: string;
  asset: string;
  chain: string;
  address: string;
  tag: string;
  amount: bigint;
}

export interface PolicyFacts {
  now: Date;
  submitterState: CustodyMemberState;
  organisationFrozen: boolean;
  lineFrozen: boolean;
  line: { currencies: readonly string[]; accountIds: readonly string[]; minReviewers: number };
  /** Whether the line lists any whitelist entry; when absent, whether `whitelist` holds any. */
  whitelistInUse?: boolean;
  /** The line's entries (the order's destination's alone will do: `whitelistInUse` says whether there are others). */
  whitelist: ReadonlyArray<{ asset: string; chain: string; address: string; tag: string; addedAt: Date }>;
  /** The line's limits for the coin in base units; null when it sets none. */
  limits: Readonly<Record<CustodyLimitWindow, bigint>> | null;
  /** Other counted orders of the line and coin in the longest window, oldest first. */
  counted: ReadonlyArray<{ amount: bigint; at: Date }>;
  /**
   * Their sums per window, when only those were read (`counted` is then empty): enough for a
   * verdict; when a window is exceeded, its `freesAt` needs the orders (`needsOrders`).
   */
  used?: Readonly<Record<'day' | 'week' | 'month', bigint>>;
  /** The line's reviewers now: eligible when active and holding `review`. */
  reviewers: readonly QuorumReviewer[];
  /** Decisions on the order so far. */
  decisions: ReadonlyArray<{ memberId: string; decision: 'approve' | 'reject' }>;
}

export interface LimitStanding {
  window: CustodyLimitWindow;
  limit: bigint;
  used: bigint;
  remaining: bigint;
  freesAt: Date | null;
}

export interface PolicyVerdict {
  verdict: 'pass' | 'held' | 'refused';
  rule: CustodyPolicyRule | null;
  until: Date | null;
  limits: LimitStanding[];
  required: number;
  /** Approvals that count: by eligible reviewers other than the submitter. */
  counted: number;
  mayApprove: Array<{ memberId: string; name: string }>;
  /** The line's eligible reviewers other than the submitter: whose approvals count. */
  eligibleIds: string[];
}

const hour = 3_600_000;

/** One limit window: what the other orders use of it, what is left, and when enough of it frees up for `amount`. */
function standing(window: CustodyLimitWindow, limit: bigint, facts: PolicyFacts, amount: bigint): LimitStanding {
  if (window === 'perTransaction') return { window, limit, used: 0n, remaining: limit, freesAt: null };
  const span = custodyLimitWindowHours[window] * hour;
  const inWindow = facts.counted.filter((order) => order.at.getTime() > facts.now.getTime() - span);
  const used = facts.used ? facts.used[window] : inWindow.reduce((sum, order) => sum + order.amount, 0n);
  const remaining = limit > used ? limit - used : 0n;
  let freesAt: Date | null = null;
  const need = used + amount - limit;
  if (need > 0n && amount <= limit) {
    let freed = 0n;
    for (const order of inWindow) {
      freed += order.amount;
      if (freed >= need) {
        freesAt = new Date(order.at.getTime() + span);
        break;
      }
    }
  }
  return { window, limit, used, remaining, freesAt };
}

/** Whether a verdict over window sums alone (`facts.used`) exceeds a window, whose `freesAt` then needs the orders. */
export function needsOrders(verdict: PolicyVerdict, facts: PolicyFacts, amount: bigint): boolean {
  return facts.used !== undefined && verdict.limits.some((each) => each.window !== 'perTransaction' && each.used + amount > each.limit);
}

/** Evaluates `order` against `facts`: the first rule that refuses or holds it, with its limits and approvals. */
export function evaluatePolicy(order: PolicyOrder, facts: PolicyFacts): PolicyVerdict {
  const windows: CustodyLimitWindow[] = ['perTransaction', 'day', 'week', 'month'];
  const limits = facts.limits ? windows.map((window) => standing(window, facts.limits![window], facts, order.amount)) : [];
  const quorum = quorumOf({
    required: facts.line.minReviewers,
    authorId: order.submitterMemberId,
    reviewers: facts.reviewers,
    decisions: facts.decisions,
  });
  const { counted, eligibleIds, mayApprove } = quorum;
  const base = { limits, required: quorum.required, counted, mayApprove, eligibleIds };
  const refuse = (rule: CustodyPolicyRule, until: Date | null = null): PolicyVerdict => ({ ...base, verdict: 'refused', rule, until });

  for (const rule of custodyPolicyRules) {
    switch (rule) {
      case 'memberFrozen':
        if (facts.submitterState !== 'active') return refuse(rule);
        break;
      case 'organisationFrozen':
        if (facts.organisationFrozen) return refuse(rule);
        break;
      case 'lineFrozen':
        if (facts.lineFrozen) return refuse(rule);
        break;
      case 'assetAllowed':
        if (!facts.line.currencies.includes(order.asset) || !facts.line.accountIds.includes(order.accountId)) return refuse(rule);
        break;
      case 'whitelist':
      case 'coolingPeriod': {
        if (!(facts.whitelistInUse ?? facts.whitelist.length > 0)) break;
        const entry = facts.whitelist.find(
          (row) => row.asset === order.asset && row.chain === order.chain && row.address === order.address && row.tag === order.tag,
        );
        if (!entry) return refuse('whitelist');
        const usableAt = new Date(entry.addedAt.getTime() + custodyOrderLimits.coolingHours * hour);
        if (rule === 'coolingPeriod' && usableAt > facts.now) return refuse(rule, usableAt);
        break;
      }
      case 'perTransaction':
      case 'day':
      case 'week':
      case 'month': {
        const window = limits.find((each) => each.window === rule);
        if (window && window.used + order.amount > window.limit) return refuse(rule, window.freesAt);
        break;
      }
      case 'minimumReviewers':
        if (eligibleIds.length < facts.line.minReviewers) return refuse(rule);
        if (order.orderId !== null && !quorum.reached) return { ...base, verdict: 'held', rule, until: null };
        break;
    }
  }
  return { ...base, verdict: 'pass', rule: null, until: null };
}
