import type { WithdrawAddress } from '@coffer/contract';
import { withdrawalEndpoints } from '@coffer/contract/withdrawal-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

/** The customer's whole address book, the entries a withdraw key may be bound to. */
export const addressBookQuery = queryOptions({
  queryKey: ['apikeys', 'address-book'],
  queryFn: ({ signal }): Promise<WithdrawAddress[]> => call(withdrawalEndpoints.withdrawAddresses, { query: {} }, { signal }),
});
