import { adminConsoleEndpoints } from '@coffer/contract/admin-console-endpoints';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCall, adminQueryRoot } from './admin-call';

const customersKey = [adminQueryRoot, 'customers'] as const;

/** Customers by user number, id, e-mail or phone. */
export const customerSearchQuery = (q: string) =>
  queryOptions({
    queryKey: [...customersKey, 'search', q],
    queryFn: ({ signal }) => adminCall(adminConsoleEndpoints.searchCustomers, { query: { q } }, { signal }),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
  });

export const customerQuery = (userId: string) =>
  queryOptions({
    queryKey: [...customersKey, 'profile', userId],
    queryFn: ({ signal }) => adminCall(adminConsoleEndpoints.customer, { params: { userId } }, { signal }),
  });

/** Lock or unlock with the operator's reason; the profile, search results and audit trail are read again. */
export function useCustomerLock(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ isLocking, reason }: { isLocking: boolean; reason: string }) =>
      adminCall(isLocking ? adminConsoleEndpoints.lockCustomer : adminConsoleEndpoints.unlockCustomer, {
        params: { userId },
        body: { reason },
      }),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: customersKey }),
        queryClient.invalidateQueries({ queryKey: [adminQueryRoot, 'audit'] }),
      ]),
  });
}
