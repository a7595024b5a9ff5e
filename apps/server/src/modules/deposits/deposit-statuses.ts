import { depositStatus, type DepositStatus } from '@coffer/contract';
import type { DepositRowStatus } from './deposits.schema';

/**
 * A deposit row's status (`credited`, `failed`, `waiting`) and the code of spec §4 the API
 * answers for it (1 credited, 2 failed, 3 waiting) — the records and their filter speak codes.
 */
export const depositStatusCodes: Readonly<Record<DepositRowStatus, DepositStatus>> = {
  credited: depositStatus.credited,
  failed: depositStatus.failed,
  waiting: depositStatus.waiting,
};

/** The row status of an API code, or undefined for a number that names none. */
export function depositRowStatusOf(code: number): DepositRowStatus | undefined {
  return (Object.keys(depositStatusCodes) as DepositRowStatus[]).find((status) => depositStatusCodes[status] === code);
}
