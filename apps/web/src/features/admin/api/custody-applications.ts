import type { CustodyApplicationState } from '@coffer/contract/rules';
import { adminCustodyEndpoints } from '@coffer/contract/custody-endpoints';
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCall, adminQueryRoot } from './admin-call';

const custodyKey = [adminQueryRoot, 'custody'] as const;

/** Custody applications, pending first, optionally of one state. */
export const custodyApplicationsQuery = (state: CustodyApplicationState | undefined, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...custodyKey, 'list', state ?? 'all', page, pageSize],
    queryFn: ({ signal }) => adminCall(adminCustodyEndpoints.applications, { query: { state, page, pageSize } }, { signal }),
    placeholderData: keepPreviousData,
  });

export const custodyApplicationQuery = (id: string) =>
  queryOptions({
    queryKey: [...custodyKey, 'application', id],
    queryFn: ({ signal }) => adminCall(adminCustodyEndpoints.application, { params: { id } }, { signal }),
  });

export type CustodyDecision = { kind: 'enable'; salespersonEmail: string } | { kind: 'reject'; reason: string };

/** Enable (with the salesperson) or reject (with the reason the applicant sees); the list is read again. */
export function useCustodyDecision(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: CustodyDecision) =>
      decision.kind === 'enable'
        ? adminCall(adminCustodyEndpoints.enable, { params: { id }, body: { salespersonEmail: decision.salespersonEmail } })
        : adminCall(adminCustodyEndpoints.reject, { params: { id }, body: { reason: decision.reason } }),
    onSuccess: async (application) => {
      queryClient.setQueryData(custodyApplicationQuery(id).queryKey, application);
      await queryClient.invalidateQueries({ queryKey: [...custodyKey, 'list'] });
    },
  });
}
