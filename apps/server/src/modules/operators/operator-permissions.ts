import { operatorPermissions, type OperatorPermission, type OperatorRole } from '@coffer/contract';

/**
 * What each role may do. Read on every guarded call (the role is read with the session), so a
 * role change or a disabled operator takes effect at the next request.
 */
export const permissionsByRole: Readonly<Record<OperatorRole, readonly OperatorPermission[]>> = {
  superAdmin: operatorPermissions,
  compliance: ['customers.read', 'kyc.review', 'audit.read', 'sanctions.manage', 'reconciliation.read', 'custody.review'],
  support: ['customers.read', 'customers.lock', 'custody.review'],
  finance: ['customers.read', 'reconciliation.read', 'reconciliation.run', 'custody.billing'],
};

export function permissionsOf(role: OperatorRole): OperatorPermission[] {
  return [...permissionsByRole[role]];
}

export function hasPermission(role: OperatorRole, permission: OperatorPermission): boolean {
  return permissionsByRole[role].includes(permission);
}
