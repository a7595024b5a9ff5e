import type { OperatorPermission, OperatorProfile } from '@coffer/contract';
import { createContext, useContext } from 'react';

/** The signed-in operator, given by the shell to every back-office screen under it. */
export const OperatorContext = createContext<OperatorProfile | null>(null);

export function useOperator(): OperatorProfile {
  const operator = useContext(OperatorContext);
  if (!operator) throw new Error('useOperator needs the admin shell');
  return operator;
}

/** Whether the signed-in operator holds `permission` (what to offer; the server decides). */
export function useCan(permission: OperatorPermission): boolean {
  return useOperator().permissions.includes(permission);
}
