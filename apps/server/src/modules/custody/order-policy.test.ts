import { custodyPolicyRules } from '@coffer/contract';
import { describe, expect, it } from 'vitest';
import { evaluatePolicy, needsOrders, type PolicyFacts, type PolicyOrder } from './order-policy';

/**
 * The policy engine alone (a pure function): its rules answer in their documented order, each
 * naming itself, and the limit windows say what is left and when enough frees up.
 */
const now = new Date('2026-11-29T12:00:00Z');
const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3_600_000);

const order: PolicyOrder = {
  orderId: null,
  submitterMemberId: '1',
  accountId: '10',
  asset: 'USDT',
  chain: 'ethereum',
  address: '0xabc',
  tag: '',
  amount: 100n,
};

function facts(overrides: Partial<PolicyFacts> = {}): PolicyFacts {
  return {
    now,
    submitterState: 'active',
    organisationFrozen: false,
    lineFrozen: false,
    line: { currencies: ['USDT'], accountIds: ['10'], minReviewers: 2 },
    whitelist: [],
    limits: { perTransaction: 100n, day: 250n, week: 400n, month: 500n },
    counted: [],
    reviewers: [
      { memberId: '1', name: 'Submitter', eligible: true },
      { memberId: '2', name: 'Ada', eligible: true },
      { memberId: '3', name: 'Grace', eligible: true },
      { memberId: '4', name: 'Frozen', eligible: false },
    ],
    decisions: [],
    ...overrides,
  };
}

/** Facts breaking every rule at once, then one fewer each time: the first broken rule is always the answer. */
function breaking(from: number): PolicyFacts {
  const broken = new Set(custodyPolicyRules.slice(from));
  return facts({
    submitterState: broken.has('memberFrozen') ? 'frozen' : 'active',
    organisationFrozen: broken.has('organisationFrozen'),
    lineFrozen: broken.has('lineFrozen'),
    line: {
      currencies: broken.has('assetAllowed') ? ['BTC'] : ['USDT'],
      accountIds: ['10'],
      minReviewers: broken.has('minimumReviewers') ? 3 : 2,
    },
    whitelist: broken.has('whitelist')
      ? [{ asset: 'USDT', chain: 'ethereum', address: '0xother', tag: '', addedAt: hoursAgo(100) }]
      : [{ asset: 'USDT', chain: 'ethereum', address: '0xabc', tag: '', addedAt: hoursAgo(broken.has('coolingPeriod') ? 1 : 25) }],
    limits: {
      perTransaction: broken.has('perTransaction') ? 99n : 100n,
      day: 250n,
      week: 400n,
      month: 500n,
    },
    counted: [
      ...(broken.has('day') ? [{ amount: 200n, at: hoursAgo(2) }] : []),
      ...(broken.has('week') ? [{ amount: 350n, at: hoursAgo(48) }] : []),
      ...(broken.has('month') ? [{ amount: 450n, at: hoursAgo(24 * 10) }] : []),
    ],
  });
}

describe('the policy engine', () => {
  it('answers the first broken rule, in the documented order', () => {
    custodyPolicyRules.forEach((rule, at) => {
      expect(evaluatePolicy(order, breaking(at))).toMatchObject({ verdict: 'refused', rule });
    });
    expect(evaluatePolicy(order, breaking(custodyPolicyRules.length))).toMatchObject({ verdict: 'pass', rule: null });
  });

  it('says what is left of each window and when enough of it frees up', () => {
    const verdict = evaluatePolicy(
      order,
      facts({
        counted: [
          { amount: 60n, at: hoursAgo(20) },
          { amount: 60n, at: hoursAgo(10) },
          { amount: 60n, at: hoursAgo(5) },
        ],
      }),
    );
    expect(verdict).toMatchObject({ verdict: 'refused', rule: 'day' });
    // 180 used + 100 > 250: 30 must leave the window, which the order of 20 hours ago does 4 hours from now.
    expect(verdict.limits.find((each) => each.window === 'day')).toEqual({
      window: 'day',
      limit: 250n,
      used: 180n,
      remaining: 70n,
      freesAt: new Date(now.getTime() + 4 * 3_600_000),
    });
    expect(verdict.until).toEqual(new Date(now.getTime() + 4 * 3_600_000));
  });

  it('answers over window sums alone as over the orders, and asks for the orders only when a window is exceeded', () => {
    // 500 random histories: the sums the database adds up give the orders' verdict and figures; only freesAt needs the orders.
    let seed = 17;
    const next = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % below;
    };
    const spans = { day: 24, week: 24 * 7, month: 24 * 30 } as const;
    for (let run = 0; run < 500; run += 1) {
      const counted = Array.from({ length: next(8) }, () => ({
        amount: BigInt(1 + next(120)),
        at: hoursAgo(next(24 * 30 - 1) + 0.5),
      })).sort((a, b) => a.at.getTime() - b.at.getTime());
      const sum = (hours: number) =>
        counted.filter((each) => each.at.getTime() > now.getTime() - hours * 3_600_000).reduce((total, each) => total + each.amount, 0n);
      const withOrders = facts({ counted, decisions: [{ memberId: '2', decision: 'approve' }] });
      const withSums = { ...withOrders, counted: [], used: { day: sum(spans.day), week: sum(spans.week), month: sum(spans.month) } };
      const amount = BigInt(1 + next(100));
      const full = evaluatePolicy({ ...order, amount }, withOrders);
      const summed = evaluatePolicy({ ...order, amount }, withSums);
      expect([summed.verdict, summed.rule]).toEqual([full.verdict, full.rule]);
      expect(summed.limits.map(({ window, used, remaining }) => [window, used, remaining])).toEqual(
        full.limits.map(({ window, used, remaining }) => [window, used, remaining]),
      );
      const exceeded = full.limits.some((each) => each.window !== 'perTransaction' && each.used + amount > each.limit);
      expect(needsOrders(summed, withSums, amount)).toBe(exceeded);
      if (!exceeded) expect(summed.until).toEqual(full.until);
      expect(needsOrders(full, withOrders, amount)).toBe(false);
    }
  });

  it('holds a submitted order until its distinct eligible reviewers approve; the submitter and frozen reviewers never count', () => {
    const submitted = { ...order, orderId: '7' };
    const held = evaluatePolicy(
      submitted,
      facts({
        decisions: [
          { memberId: '2', decision: 'approve' },
          { memberId: '4', decision: 'approve' },
        ],
      }),
    );
    expect(held).toMatchObject({ verdict: 'held', rule: 'minimumReviewers', required: 2, counted: 1 });
    expect(held.mayApprove).toEqual([{ memberId: '3', name: 'Grace' }]);
    const done = evaluatePolicy(
      submitted,
      facts({
        decisions: [
          { memberId: '2', decision: 'approve' },
          { memberId: '3', decision: 'approve' },
        ],
      }),
    );
    expect(done).toMatchObject({ verdict: 'pass', counted: 2, mayApprove: [] });
  });
});
