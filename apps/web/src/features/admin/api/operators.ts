import type { CreateOperatorBody } from '@coffer/contract';
import { adminEndpoints } from '@coffer/contract/admin-endpoints';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCall, adminQueryRoot } from './admin-call';

const operatorsKey = [adminQueryRoot, 'operators'] as const;

/** Every operator with role, state and last login (operators.manage). */
export const operatorsQuery = queryOptions({
  queryKey: operatorsKey,
  queryFn: ({ signal }) => adminCall(adminEndpoints.listOperators, {}, { signal }),
});

/** Creates an operator (operators.manage); the answer carries its one-time activation link. The list is read again. */
export function useCreateOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOperatorBody) => adminCall(adminEndpoints.createOperator, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorsKey }),
  });
}
