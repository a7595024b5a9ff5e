import type { WithdrawalRecordsQuery, withdrawalRecordsPageSchema } from '@coffer/contract';
import { withdrawalPaths } from '@coffer/contract/withdrawal-paths';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { apiData } from '../../../shared/http/http-client';

export type WithdrawalRecordsPage = (typeof withdrawalRecordsPageSchema)['_output'];

export function getWithdrawals(filter: WithdrawalRecordsQuery, signal?: AbortSignal): Promise<WithdrawalRecordsPage> {
  return apiData<WithdrawalRecordsPage>(withdrawalPaths.withdrawals, { query: { ...filter }, signal });
}

/** Withdrawal records, newest first; `refreshMs` polls while one is still on its way. */
export const withdrawalsQuery = (filter: WithdrawalRecordsQuery, refreshMs: (page: WithdrawalRecordsPage | undefined) => number | false) =>
  queryOptions({
    queryKey: ['funds', 'withdrawals', filter],
    queryFn: ({ signal }) => getWithdrawals(filter, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => refreshMs(query.state.data),
  });
