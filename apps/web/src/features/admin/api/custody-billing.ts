import { adminCustodyBillingEndpoints } from '@coffer/contract/custody-billing';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCall, adminQueryRoot } from './admin-call';

const billingKey = [adminQueryRoot, 'custody-billing'] as const;

/** Custody organisations with their rates, payment method and latest bills; optionally only those with an unpaid bill. */
export const billingOrganisationsQuery = (unpaidOnly: boolean, pageNo: number, pageSize: number) =>
  queryOptions({
    queryKey: [...billingKey, 'organisations', unpaidOnly, pageNo, pageSize],
    queryFn: ({ signal }) =>
      adminCall(
        adminCustodyBillingEndpoints.organisations,
        { query: { unpaidOnly: unpaidOnly ? 'true' : 'false', pageNo, pageSize } },
        { signal },
      ),
    placeholderData: keepPreviousData,
  });

/** Sets an organisation's annual rate and monthly minimum; the list is read again. */
export function useSetBillingRates(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { annualRate: string; minimumUsd: string }) =>
      adminCall(adminCustodyBillingEndpoints.setRates, { params: { id: orgId }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKey }),
  });
}

/** Marks a bill paid by wire (once: a paid bill stays as it was); the list is read again. */
export function useMarkBillPaid(billId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string) => adminCall(adminCustodyBillingEndpoints.markPaid, { params: { id: billId }, body: { note } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: billingKey }),
  });
}
