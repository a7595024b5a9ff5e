import type { WithdrawalRecordsQuery } from '@coffer/contract';
import type { EndpointResponse } from '@coffer/contract/endpoint';
import { withdrawalEndpoints } from '@coffer/contract/withdrawal-endpoints';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

export type WithdrawalRecordsPage = EndpointResponse<typeof withdrawalEndpoints.withdrawals>;

export function getWithdrawals(filter: WithdrawalRecordsQuery, signal?: AbortSignal): Promise<WithdrawalRecordsPage> {
  return call(withdrawalEndpoints.withdrawals, { query: { ...filter } }, { signal });
}

/** Withdrawal records, newest first; `refreshMs` polls while one is still on its way. */
export const withdrawalsQuery = (filter: WithdrawalRecordsQuery, refreshMs: (page: WithdrawalRecordsPage | undefined) => number | false) =>
  queryOptions({
    queryKey: ['funds', 'withdrawals', filter],
    queryFn: ({ signal }) => getWithdrawals(filter, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => refreshMs(query.state.data),
  });
