import type { CustodyBuiltInRole, CustodyPermission } from '@coffer/contract';
import { useTranslation } from 'react-i18next';

/** What the screens show of a role: a built-in role in the user's language, a custom one as its owner named it. */
export interface RoleLike {
  name: string;
  description?: string;
  builtInRole: CustodyBuiltInRole | null;
}

export function useRoleLabels() {
  const { t } = useTranslation('custodyOrg');
  return {
    roleName: (role: RoleLike) => (role.builtInRole ? t(`builtIn.${role.builtInRole}`) : role.name),
    roleDescription: (role: RoleLike) => (role.builtInRole ? t(`builtInDescriptions.${role.builtInRole}`) : (role.description ?? '')),
    permission: (permission: CustodyPermission) => t(`permissions.${permission}`),
  };
}
