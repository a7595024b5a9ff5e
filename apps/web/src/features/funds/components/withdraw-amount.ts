import type { WithdrawLimit } from '@coffer/contract';
import { toBaseUnits, fromBaseUnits } from '@coffer/contract/money';
import { amountProblem, type AmountProblem } from '../../../shared/format/amount-input';

export type WithdrawAmountProblem = AmountProblem | 'belowMinimum' | 'overDailyLimit';

/** A decimal string in base units, digits past `scale` cut (a limit in coin can carry more). */
export function truncatedUnits(value: string, scale: number): bigint {
  const [whole = '0', fraction = ''] = value.trim().split('.');
  return toBaseUnits(`${whole || '0'}${fraction ? `.${fraction.slice(0, scale)}` : ''}`, scale);
}

/** The chain fee of this withdrawal: none when it is settled inside Coffer. */
export function feeOf(limit: WithdrawLimit, isInternal: boolean): string {
  return isInternal ? '0' : limit.fee;
}

/** The most that can be sent now: what is available after the fee, capped by the 24-hour limit left. */
export function maxAmountOf(limit: WithdrawLimit, isInternal: boolean): string {
  const afterFee = truncatedUnits(limit.available, limit.scale) - truncatedUnits(feeOf(limit, isInternal), limit.scale);
  const dailyLeft = truncatedUnits(limit.dailyRemainingCoin, limit.scale);
  const most = afterFee < dailyLeft ? afterFee : dailyLeft;
  return fromBaseUnits(most > 0n ? most : 0n, limit.scale);
}

/** Amount + fee, what leaves the balance. */
export function totalDebitOf(amount: string, limit: WithdrawLimit, isInternal: boolean): string {
  return fromBaseUnits(truncatedUnits(amount, limit.scale) + truncatedUnits(feeOf(limit, isInternal), limit.scale), limit.scale);
}

/**
 * What is wrong with a withdrawal amount (spec §5): the coin's decimals, at least the minimum,
 * amount + fee within the available balance, within the 24-hour limit left. Exact, in base units.
 */
export function withdrawAmountProblem(amount: string, limit: WithdrawLimit, isInternal: boolean): WithdrawAmountProblem | null {
  const basic = amountProblem(amount, limit.scale);
  if (basic) return basic;
  const units = truncatedUnits(amount, limit.scale);
  if (units < truncatedUnits(limit.minWithdrawal, limit.scale)) return 'belowMinimum';
  if (units + truncatedUnits(feeOf(limit, isInternal), limit.scale) > truncatedUnits(limit.available, limit.scale)) return 'overAvailable';
  if (units > truncatedUnits(limit.dailyRemainingCoin, limit.scale)) return 'overDailyLimit';
  return null;
}
