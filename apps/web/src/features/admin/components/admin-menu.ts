import type { OperatorPermission } from '@coffer/contract';
import { adminLinks } from './admin-links';

export type AdminSection = 'customers' | 'kyc' | 'limits' | 'reconciliation' | 'audit' | 'sanctions' | 'custody' | 'billing' | 'operators';

export interface AdminMenuItem {
  section: AdminSection;
  path: string;
  /** Shown when the operator holds any of these. */
  anyOf: readonly OperatorPermission[];
}

/** The back office's menu in its order; each screen is guarded by the same permissions. */
export const adminMenu: readonly AdminMenuItem[] = [
  { section: 'customers', path: adminLinks.customers, anyOf: ['customers.read'] },
  { section: 'kyc', path: adminLinks.kyc, anyOf: ['kyc.review'] },
  // Reading the limits needs kyc.review, changing them kyc.limits.
  { section: 'limits', path: adminLinks.limits, anyOf: ['kyc.review', 'kyc.limits'] },
  { section: 'reconciliation', path: adminLinks.reconciliation, anyOf: ['reconciliation.read', 'reconciliation.run'] },
  { section: 'audit', path: adminLinks.audit, anyOf: ['audit.read'] },
  { section: 'sanctions', path: adminLinks.sanctions, anyOf: ['sanctions.manage'] },
  { section: 'custody', path: adminLinks.custody, anyOf: ['custody.review'] },
  { section: 'billing', path: adminLinks.billing, anyOf: ['custody.billing'] },
  { section: 'operators', path: adminLinks.operators, anyOf: ['operators.manage'] },
];

export function hasAnyPermission(permissions: readonly OperatorPermission[], anyOf: readonly OperatorPermission[]): boolean {
  return anyOf.some((permission) => permissions.includes(permission));
}

/** The menu items an operator with `permissions` may open. */
export function menuFor(permissions: readonly OperatorPermission[]): AdminMenuItem[] {
  return adminMenu.filter((item) => hasAnyPermission(permissions, item.anyOf));
}

export function sectionPermissions(section: AdminSection): readonly OperatorPermission[] {
  return adminMenu.find((item) => item.section === section)?.anyOf ?? [];
}
