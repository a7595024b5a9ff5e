import { custodyEndpoints } from '@coffer/contract/custody-endpoints';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';
import { custodyMeQuery, custodyQueryRoot } from './custody-me';

/** Binds the signed-in customer to the membership the link names; the answer is their new `me`. */
export function useActivateMembership() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => call(custodyEndpoints.activate, { body: { token } }, { isQuiet: true }),
    onSuccess: async (me) => {
      await queryClient.invalidateQueries({ queryKey: [custodyQueryRoot] });
      queryClient.setQueryData(custodyMeQuery.queryKey, me);
    },
  });
}
