import type { ReactNode } from 'react';
import { hasAnyPermission, sectionPermissions, type AdminSection } from './admin-menu';
import { NoPermission } from './admin-states';
import { useOperator } from './operator-context';

/** A screen of `section`, or the no-permission message when the operator's role lacks it. */
export function Permitted({ section, children }: { section: AdminSection; children: ReactNode }) {
  const operator = useOperator();
  return hasAnyPermission(operator.permissions, sectionPermissions(section)) ? children : <NoPermission />;
}
