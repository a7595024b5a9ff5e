import { toBaseUnits, type CustodyLine, type CustodyLineBody } from '@coffer/contract';
import { amountProblem, normalizeAmountInput } from '../../../shared/format/amount-input';
import type { CustodyNetworks } from '../api/custody-networks';
import { destinationBodyOf, type DestinationValues } from './destination-fields';

/** A line's withdrawal limits, smallest period first: each at most the next (spec §6). */
export const limitPeriods = ['perTransaction', 'perDay', 'perWeek', 'perMonth'] as const;
export type LimitPeriod = (typeof limitPeriods)[number];

export type LimitValues = { asset: string | undefined } & Record<LimitPeriod, string>;

export interface LineFormValues {
  name: string;
  adminEmail: string;
  currencies: string[];
  accountIds: string[];
  minReviewers: number | null;
  reviewerMemberIds: string[];
  limits: LimitValues[];
  whitelist: DestinationValues[];
}

export const lineFields = [
  'name',
  'adminEmail',
  'currencies',
  'accountIds',
  'minReviewers',
  'reviewerMemberIds',
  'limits',
  'whitelist',
] as const satisfies readonly (keyof LineFormValues)[];

export const emptyLimit: LimitValues = { asset: undefined, perTransaction: '', perDay: '', perWeek: '', perMonth: '' };

/**
 * The server keeps limits as NUMERIC(38, 18): at most 20 whole digits. Written here so the
 * form refuses what the server would (`custodyLimitInvalid`), before anything is sent.
 */
const limitWholeDigitsMax = 20;

/** What is wrong with one limit amount of a coin of `scale` decimals, or null: a positive exact decimal within the column. */
export function limitAmountProblem(amount: string, scale: number): 'invalid' | null {
  const value = normalizeAmountInput(amount);
  if (amountProblem(value, scale) !== null) return 'invalid';
  const whole = value.split('.')[0] ?? '';
  return whole.replace(/^0+/, '').length > limitWholeDigitsMax ? 'invalid' : null;
}

/** Whether `amount` is below the previous period's `previous` (both valid at `scale`): compared as base units, never as floats. */
export function isBelowPrevious(previous: string, amount: string, scale: number): boolean {
  return toBaseUnits(normalizeAmountInput(amount), scale) < toBaseUnits(normalizeAmountInput(previous), scale);
}

/** A saved line as the form starts from it. */
export function lineFormValuesOf(line: CustodyLine | null): LineFormValues {
  if (!line) {
    return {
      name: '',
      adminEmail: '',
      currencies: [],
      accountIds: [],
      minReviewers: 1,
      reviewerMemberIds: [],
      limits: [],
      whitelist: [],
    };
  }
  return {
    name: line.name,
    adminEmail: line.adminEmail,
    currencies: line.currencies,
    accountIds: line.accountIds,
    minReviewers: line.minReviewers,
    reviewerMemberIds: line.reviewerMemberIds,
    limits: line.limits.map((limit) => ({ ...limit })),
    whitelist: line.whitelist.map((entry) => ({ ...entry })),
  };
}

/** The contract's body of the form: texts trimmed, amounts as plain decimal strings (never numbers), tags only where taken. */
export function lineBodyOf(values: LineFormValues, networks: CustodyNetworks[] | undefined): CustodyLineBody {
  return {
    name: values.name.trim(),
    adminEmail: values.adminEmail.trim(),
    currencies: values.currencies,
    accountIds: values.accountIds,
    minReviewers: values.minReviewers ?? 1,
    reviewerMemberIds: values.reviewerMemberIds,
    limits: values.limits.map((limit) => ({
      asset: limit.asset ?? '',
      perTransaction: normalizeAmountInput(limit.perTransaction),
      perDay: normalizeAmountInput(limit.perDay),
      perWeek: normalizeAmountInput(limit.perWeek),
      perMonth: normalizeAmountInput(limit.perMonth),
    })),
    whitelist: values.whitelist.map((entry) => destinationBodyOf(entry, networks)),
  };
}
