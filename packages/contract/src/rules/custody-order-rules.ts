/**
 * Withdrawal orders of the custody console (issue 18 items 1, 2, 4, 5; spec §4, §6): the states
 * an order passes through and the policy engine's rules in the fixed order they are evaluated.
 */

/**
 * Withdrawal order states (spec §4): `pending_review` until the first approval, `reviewing` while
 * some but not all approvals are in, `rejected` by any reviewer (the hold released, no fee).
 * `sending` is the order approved by its quorum and waiting for the withdrawal signer, whose
 * outcome moves it to `approved` (transfer success) or `transfer_failed` (hold released, no fee).
 * `partial_approved` is a batch whose orders ended differently.
 */
export const custodyOrderStates = [
  'pending_review',
  'reviewing',
  'sending',
  'approved',
  'partial_approved',
  'rejected',
  'transfer_failed',
] as const;
export type CustodyOrderState = (typeof custodyOrderStates)[number];

/** States whose amount counts against the line's limits (and stays held in the ledger). */
export const custodyOrderCountedStates = [
  'pending_review',
  'reviewing',
  'sending',
  'approved',
] as const satisfies readonly CustodyOrderState[];

/**
 * The policy engine's rules, evaluated in this order on submission (and on a dry run) and again
 * before the approval that completes the quorum; the first that does not pass is the answer:
 * 1. `memberFrozen`: the submitter is frozen;
 * 2. `organisationFrozen`: the organisation is frozen;
 * 3. `lineFrozen`: the business line is frozen (issue 18 item 6: any admin or reviewer freezes at once);
 * 4. `assetAllowed`: the business line carries the coin and the custody account;
 * 5. `whitelist`: a business line that lists whitelist addresses sends only to them;
 * 6. `coolingPeriod`: a whitelisted address is usable `custodyOrderLimits.coolingHours` after it was added;
 * 7. `perTransaction`, `day`, `week`, `month`: the line's limits for the coin, per order and over
 *    rolling windows of 24 hours, 7 days and 30 days, counting pending and approved orders;
 * 8. `minimumReviewers`: the line's minimum number of distinct eligible reviewers (other than the
 *    submitter) — on submission a line that could never reach it refuses; afterwards it is what
 *    holds an order until its approvals are in.
 */
export const custodyPolicyRules = [
  'memberFrozen',
  'organisationFrozen',
  'lineFrozen',
  'assetAllowed',
  'whitelist',
  'coolingPeriod',
  'perTransaction',
  'day',
  'week',
  'month',
  'minimumReviewers',
] as const;
export type CustodyPolicyRule = (typeof custodyPolicyRules)[number];

/** The limit windows: per transaction, then rolling 24 hours, 7 days and 30 days. */
export const custodyLimitWindows = ['perTransaction', 'day', 'week', 'month'] as const;
export type CustodyLimitWindow = (typeof custodyLimitWindows)[number];
export const custodyLimitWindowHours: Readonly<Record<Exclude<CustodyLimitWindow, 'perTransaction'>, number>> = {
  day: 24,
  week: 24 * 7,
  month: 24 * 30,
};

export const custodyOrderLimits = {
  /** Hours a newly whitelisted address waits before an order may send to it. */
  coolingHours: 24,
  opinionMaxChars: 150,
};

/**
 * Change requests of a business line's money-moving rules, and of an unfreeze (issue 18 item
 * 6): pending until the quorum applies it, an eligible reviewer rejects it, or the line (or
 * organisation) changed meanwhile and it can no longer apply (stale).
 */
export const custodyChangeKinds = ['policy', 'unfreeze'] as const;
export type CustodyChangeKind = (typeof custodyChangeKinds)[number];
export const custodyChangeStates = ['pending', 'applied', 'rejected', 'stale'] as const;
export type CustodyChangeState = (typeof custodyChangeStates)[number];
