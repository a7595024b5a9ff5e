import type { ActivationFinishBody, OperatorLoginBody, OperatorProfile } from '@coffer/contract';
import { adminEndpoints } from '@coffer/contract/admin-endpoints';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { adminCall, adminQueryRoot } from './admin-call';

/** The signed-in operator: role and permissions, read on entering the back office. */
export const operatorQuery = queryOptions({
  queryKey: [adminQueryRoot, 'me'],
  queryFn: ({ signal }) => adminCall(adminEndpoints.me, {}, { signal }),
  staleTime: 60_000,
});

export function loginOperator(body: OperatorLoginBody): Promise<OperatorProfile> {
  return adminCall(adminEndpoints.login, { body });
}

/** Login in one step; the answer is the operator, kept as `me` so the shell needs no second call. */
export function useOperatorLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginOperator,
    onSuccess: (profile) => {
      queryClient.removeQueries({ queryKey: [adminQueryRoot] });
      queryClient.setQueryData(operatorQuery.queryKey, profile);
    },
  });
}

export function useOperatorLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => adminCall(adminEndpoints.logout, {}),
    onSettled: () => queryClient.removeQueries({ queryKey: [adminQueryRoot] }),
  });
}

/**
 * Opens the activation link: each call makes a fresh authenticator secret (the last one is the
 * one held), so it is asked once per page and never again on its own.
 */
export const activationStartQuery = (token: string) =>
  queryOptions({
    queryKey: [adminQueryRoot, 'activation', token],
    queryFn: () => adminCall(adminEndpoints.activateStart, { body: { token } }),
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: false,
  });

export function useActivationFinish() {
  return useMutation({ mutationFn: (body: ActivationFinishBody) => adminCall(adminEndpoints.activateFinish, { body }) });
}
