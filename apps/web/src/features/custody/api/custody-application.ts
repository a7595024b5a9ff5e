import type { CustodyApplicationBody } from '@coffer/contract';
import { custodyEndpoints } from '@coffer/contract/custody-endpoints';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/http/call';
import { custodyQueryRoot } from './custody-me';

/** The customer's latest custody application, or null before the first. */
export const myCustodyApplicationQuery = queryOptions({
  queryKey: [custodyQueryRoot, 'application'],
  queryFn: ({ signal }) => call(custodyEndpoints.myApplication, {}, { signal, isQuiet: true }),
});

/** Sends the company application; its answer becomes the application shown. Errors are shown by the form. */
export function useApplyForCustody() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CustodyApplicationBody) => call(custodyEndpoints.apply, { body }, { isQuiet: true }),
    onSuccess: (application) => queryClient.setQueryData(myCustodyApplicationQuery.queryKey, application),
  });
}
