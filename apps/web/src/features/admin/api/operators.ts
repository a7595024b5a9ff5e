import type { CreateOperatorBody } from '@coffer/contract';
import { adminEndpoints } from '@coffer/contract/admin-endpoints';
import { useMutation } from '@tanstack/react-query';
import { adminCall } from './admin-call';

/** Creates an operator (operators.manage); the answer carries its one-time activation link. */
export function useCreateOperator() {
  return useMutation({ mutationFn: (body: CreateOperatorBody) => adminCall(adminEndpoints.createOperator, { body }) });
}
