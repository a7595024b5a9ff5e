import { fromBaseUnits, toBaseUnits, type CustodyLinePolicy } from '@coffer/contract';
import type { LineRecord, LineSettings } from './lines.repository';

/**
 * A business line's money-moving rules (issue 18 item 6): minimum reviewers, reviewers, limits
 * and whitelist — what a change request holds before and after, in one canonical form (amounts
 * as the shortest exact decimal, every list in a fixed order) so that "the line is as it was"
 * is a comparison of two values.
 */

/** The scale of the limit columns (NUMERIC(38, 18)). */
const limitScale = 18;

/** A stored or checked decimal as the shortest exact decimal ("100.000000000000000000" → "100"). */
export const decimalText = (value: string) => fromBaseUnits(toBaseUnits(value, limitScale), limitScale);

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const numericId = (a: string, b: string) => (BigInt(a) < BigInt(b) ? -1 : BigInt(a) > BigInt(b) ? 1 : 0);

function canonical(policy: CustodyLinePolicy): CustodyLinePolicy {
  return {
    minReviewers: policy.minReviewers,
    reviewerMemberIds: [...new Set(policy.reviewerMemberIds)].sort(numericId),
    limits: policy.limits
      .map((limit) => ({
        asset: limit.asset,
        perTransaction: decimalText(limit.perTransaction),
        perDay: decimalText(limit.perDay),
        perWeek: decimalText(limit.perWeek),
        perMonth: decimalText(limit.perMonth),
      }))
      .sort((a, b) => byText(a.asset, b.asset)),
    whitelist: policy.whitelist
      .map((entry) => ({ asset: entry.asset, chain: entry.chain, address: entry.address, tag: entry.tag, note: entry.note }))
      .sort((a, b) =>
        byText(`${a.asset}\u0000${a.chain}\u0000${a.address}\u0000${a.tag}`, `${b.asset}\u0000${b.chain}\u0000${b.address}\u0000${b.tag}`),
      ),
  };
}

/** The policy of a line as stored now. */
export function policyOfRecord(record: LineRecord): CustodyLinePolicy {
  return canonical({
    minReviewers: record.line.min_reviewers,
    reviewerMemberIds: record.reviewerMemberIds,
    limits: record.limits.map((limit) => ({
      asset: limit.asset,
      perTransaction: limit.per_transaction,
      perDay: limit.per_day,
      perWeek: limit.per_week,
      perMonth: limit.per_month,
    })),
    whitelist: record.whitelist,
  });
}

/** The policy part of checked settings (or of a stored proposal, read back from JSON). */
export function policyOfSettings(
  settings: Pick<LineSettings, 'minReviewers' | 'reviewerMemberIds' | 'limits' | 'whitelist'>,
): CustodyLinePolicy {
  return canonical(settings);
}

export function samePolicy(a: CustodyLinePolicy, b: CustodyLinePolicy): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}

/** Whether every coin `policy` sets a limit or whitelists an address for is among `currencies`. */
export function policyFitsCurrencies(policy: CustodyLinePolicy, currencies: readonly string[]): boolean {
  return [...policy.limits, ...policy.whitelist].every((row) => currencies.includes(row.asset));
}
