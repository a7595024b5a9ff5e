import type { CustodyAddress, CustodyAddressBody } from '@coffer/contract';
import { custodyConsoleEndpoints } from '@coffer/contract/custody-endpoints';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';

export const custodyAddressesRoot = ['custody', 'addresses'] as const;

/** One custody account's common addresses (at most 200). */
export const custodyAddressesQuery = (accountId: string) =>
  queryOptions({
    queryKey: [...custodyAddressesRoot, accountId],
    queryFn: ({ signal }) => call(custodyConsoleEndpoints.addresses, { params: { id: accountId } }, { signal }),
  });

/**
 * Adding is quiet (the dialog shows the §8 refusal at its field or in itself); removing is
 * toasted by the HTTP client.
 */
export const custodyAddressCalls = {
  add: (accountId: string, body: CustodyAddressBody): Promise<CustodyAddress> =>
    call(custodyConsoleEndpoints.addAddress, { params: { id: accountId }, body }, { isQuiet: true }),
  remove: (id: string, successText: string): Promise<unknown> =>
    call(custodyConsoleEndpoints.deleteAddress, { params: { id } }, { successText }),
};
