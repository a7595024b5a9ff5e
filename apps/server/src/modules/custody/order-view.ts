import { createHash } from 'node:crypto';
import {
  errorCatalogue,
  errorMessage,
  fromBaseUnits,
  toBaseUnits,
  type CustodyOrder,
  type CustodyPolicyAnswer,
  type CustodyPolicyRule,
  type ErrorKey,
  type ErrorParams,
  type Language,
} from '@coffer/contract';
import type { PolicyFacts, PolicyVerdict } from './order-policy';
import type { ApprovalRow, OrderRow, PolicyRows } from './orders.repository';
import { reviewerEligible } from './quorum';

/** The canonical payload an approval binds to (issue 18 item 3), in a fixed order, amounts in base units. */
export interface OrderPayload {
  orderId: string;
  accountId: string;
  asset: string;
  chain: string;
  amount: string;
  address: string;
  tag: string;
  fee: string;
}

/** Hex SHA-256 of the canonical order: what each approval records, and what the signer re-computes before sending. */
export function orderDigest(payload: OrderPayload): string {
  const canonical = JSON.stringify([
    'coffer-custody-withdrawal-v1',
    payload.orderId,
    payload.accountId,
    payload.asset,
    payload.chain,
    payload.amount,
    payload.address,
    payload.tag,
    payload.fee,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** The digest of an order as it stands in its row now. */
export function digestOfRow(row: Pick<OrderRow, 'id' | 'account_id' | 'asset' | 'chain' | 'amount' | 'address' | 'tag' | 'fee'>): string {
  return orderDigest({
    orderId: row.id,
    accountId: row.account_id,
    asset: row.asset,
    chain: row.chain,
    amount: BigInt(row.amount).toString(),
    address: row.address,
    tag: row.tag,
    fee: BigInt(row.fee).toString(),
  });
}

/** A limit as stored (decimal text with up to 18 places) in base units; digits past the coin's scale are cut (never a larger limit). */
function limitUnits(decimal: string, scale: number): bigint {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return toBaseUnits(`${whole}.${fraction.slice(0, scale) || '0'}`, scale);
}

export function policyFacts(rows: PolicyRows, scale: number, now: Date): PolicyFacts {
  const limit = rows.limit;
  return {
    now,
    submitterState: rows.submitterState,
    organisationFrozen: rows.organisationFrozen,
    lineFrozen: rows.lineFrozen,
    line: { currencies: rows.line.currencies, accountIds: rows.line.accountIds, minReviewers: rows.line.min_reviewers },
    whitelistInUse: rows.whitelistInUse,
    whitelist: rows.whitelist.map((entry) => ({ ...entry, addedAt: entry.added_at })),
    limits: limit
      ? {
          perTransaction: limitUnits(limit.per_transaction, scale),
          day: limitUnits(limit.per_day, scale),
          week: limitUnits(limit.per_week, scale),
          month: limitUnits(limit.per_month, scale),
        }
      : null,
    counted: rows.counted.map((order) => ({ amount: BigInt(order.amount), at: new Date(Number(order.at_ms)) })),
    ...(rows.used ? { used: { day: BigInt(rows.used.day), week: BigInt(rows.used.week), month: BigInt(rows.used.month) } } : {}),
    reviewers: rows.reviewers.map((reviewer) => ({
      memberId: reviewer.member_id,
      name: reviewer.name,
      eligible: reviewerEligible(reviewer),
    })),
    decisions: rows.decisions.map((decision) => ({ memberId: decision.member_id, decision: decision.decision })),
  };
}

const ruleErrors = {
  memberFrozen: 'custodyPolicyMemberFrozen',
  organisationFrozen: 'custodyPolicyOrganisationFrozen',
  lineFrozen: 'custodyPolicyLineFrozen',
  assetAllowed: 'custodyPolicyAssetNotAllowed',
  whitelist: 'custodyPolicyNotWhitelisted',
  coolingPeriod: 'custodyPolicyCoolingPeriod',
  perTransaction: 'custodyPolicyPerTransactionLimit',
  day: 'custodyPolicyDayLimit',
  week: 'custodyPolicyWeekLimit',
  month: 'custodyPolicyMonthLimit',
  minimumReviewers: 'custodyPolicyReviewersBelowMinimum',
} as const satisfies Readonly<Record<CustodyPolicyRule, ErrorKey>>;
export type PolicyErrorKey = (typeof ruleErrors)[CustodyPolicyRule];

/** The catalogue key and message parameters of a refusing verdict's rule. */
export function refusalOf(verdict: PolicyVerdict, scale: number): { key: PolicyErrorKey; params: ErrorParams } {
  const rule = verdict.rule ?? 'minimumReviewers';
  const window = verdict.limits.find((each) => each.window === rule);
  return {
    key: ruleErrors[rule],
    params: {
      until: verdict.until?.toISOString() ?? '',
      limit: window ? fromBaseUnits(window.limit, scale) : '',
      remaining: window ? fromBaseUnits(window.remaining, scale) : '',
      required: String(verdict.required),
    },
  };
}

export function policyAnswer(verdict: PolicyVerdict, scale: number, language: Language): CustodyPolicyAnswer {
  const refusal = verdict.verdict === 'refused' ? refusalOf(verdict, scale) : null;
  return {
    verdict: verdict.verdict,
    rule: verdict.rule,
    code: refusal ? errorCatalogue[refusal.key].code : null,
    message: refusal ? errorMessage(refusal.key, language, refusal.params) : null,
    until: verdict.until?.toISOString() ?? null,
    limits: verdict.limits.map((window) => ({
      window: window.window,
      limit: fromBaseUnits(window.limit, scale),
      used: fromBaseUnits(window.used, scale),
      remaining: fromBaseUnits(window.remaining, scale),
      freesAt: window.freesAt?.toISOString() ?? null,
    })),
    approvals: { required: verdict.required, counted: verdict.counted, mayApprove: verdict.mayApprove },
  };
}

export function orderView(row: OrderRow, scale: number): CustodyOrder {
  return {
    id: row.id,
    serialNo: row.serial_no,
    type: row.batch_id === null ? 'single' : 'batch',
    batchId: row.batch_id,
    lineId: row.line_id,
    lineName: row.line_name,
    accountId: row.account_id,
    accountName: row.account_name,
    coin: row.asset,
    chain: row.chain,
    amount: fromBaseUnits(BigInt(row.amount), scale),
    fee: fromBaseUnits(BigInt(row.fee), scale),
    address: row.address,
    tag: row.tag,
    note: row.note,
    digest: row.digest,
    state: row.state,
    submitter: { memberId: row.submitter_member_id, name: row.submitter_name },
    submittedAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
  };
}

export function approvalView(row: ApprovalRow, countingIds: ReadonlySet<string>) {
  return {
    memberId: row.member_id,
    memberName: row.member_name,
    decision: row.decision,
    opinion: row.opinion,
    digest: row.digest,
    method: row.method,
    credentialName: row.credential_name,
    signature:
      row.credential_id !== null && row.signature !== null && row.authenticator_data !== null && row.client_data_json !== null
        ? {
            credentialId: row.credential_id,
            signature: row.signature,
            authenticatorData: row.authenticator_data,
            clientDataJSON: row.client_data_json,
          }
        : null,
    counts: row.decision === 'approve' && countingIds.has(row.member_id),
    at: row.created_at.toISOString(),
  };
}
