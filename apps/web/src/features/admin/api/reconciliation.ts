import { adminConsoleEndpoints } from '@coffer/contract/admin-console-endpoints';
import { withdrawalEndpoints } from '@coffer/contract/withdrawal-endpoints';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCall, adminQueryRoot } from './admin-call';

const reconciliationKey = [adminQueryRoot, 'reconciliation'] as const;

/** The latest run with its lines; null before the first run. */
export const latestReconciliationQuery = queryOptions({
  queryKey: [...reconciliationKey, 'latest'],
  queryFn: ({ signal }) => adminCall(withdrawalEndpoints.reconciliationLatest, {}, { signal }),
});

export const reconciliationHistoryQuery = queryOptions({
  queryKey: [...reconciliationKey, 'history'],
  queryFn: ({ signal }) => adminCall(adminConsoleEndpoints.reconciliationHistory, {}, { signal }),
});

export function useRunReconciliation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => adminCall(withdrawalEndpoints.reconciliationRun, {}),
    onSuccess: async (run) => {
      queryClient.setQueryData(latestReconciliationQuery.queryKey, run);
      await queryClient.invalidateQueries({ queryKey: [...reconciliationKey, 'history'] });
    },
  });
}
