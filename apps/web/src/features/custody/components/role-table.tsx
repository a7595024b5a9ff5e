import type { CustodyRole } from '@coffer/contract';
import { Button, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRoleLabels } from './custody-role-labels';
import styles from './custody-org.module.css';
import common from './custody-console.module.css';
import { ConfirmedAction } from './confirmed-action';
import { ConsoleTable } from './console-table';

/**
 * The organisation's roles (spec §3, §6): name, description, permissions, member count. A
 * built-in role is marked and cannot change; a custom role can be edited, and deleted once no
 * member holds it.
 */
export function RoleTable({
  roles,
  busyId,
  onEdit,
  onDelete,
}: {
  roles: CustodyRole[];
  busyId: string | null;
  onEdit: (role: CustodyRole) => void;
  onDelete: (role: CustodyRole) => void;
}) {
  const { t } = useTranslation('custodyOrg');
  const labels = useRoleLabels();
  const columns: TableColumnsType<CustodyRole> = [
    {
      key: 'name',
      title: t('roles.columns.name'),
      render: (_value, role) => (
        <span>
          <span className={common.name}>{labels.roleName(role)}</span>
          {role.builtInRole ? (
            <Tag className={common.nowrap} data-testid={`role-built-in-${role.id}`}>
              {t('roles.builtInTag')}
            </Tag>
          ) : null}
        </span>
      ),
    },
    {
      key: 'description',
      title: t('roles.columns.description'),
      render: (_value, role) => <span className={styles.description}>{labels.roleDescription(role) || t('common.none')}</span>,
    },
    {
      key: 'permissions',
      title: t('roles.columns.permissions'),
      render: (_value, role) => (
        <span className={styles.tags}>
          {role.permissions.map((permission) => (
            <Tag key={permission}>{labels.permission(permission)}</Tag>
          ))}
        </span>
      ),
    },
    {
      key: 'members',
      title: t('roles.columns.members'),
      align: 'right',
      render: (_value, role) => <span className={styles.figure}>{role.memberCount}</span>,
    },
    {
      key: 'actions',
      title: t('roles.columns.actions'),
      render: (_value, role) =>
        role.builtInRole ? (
          <span className={styles.locked} data-testid={`role-locked-${role.id}`}>
            {t('roles.builtInLocked')}
          </span>
        ) : (
          <span className={styles.actions}>
            <Button type="link" size="small" onClick={() => onEdit(role)} disabled={busyId !== null} data-testid={`role-edit-${role.id}`}>
              {t('roles.edit')}
            </Button>
            <DeleteRoleButton role={role} busyId={busyId} onDelete={onDelete} />
          </span>
        ),
    },
  ];
  return <ConsoleTable<CustodyRole> columns={columns} rows={roles} isScrollable testId="role-table" />;
}

function DeleteRoleButton({ role, busyId, onDelete }: { role: CustodyRole; busyId: string | null; onDelete: (role: CustodyRole) => void }) {
  const { t } = useTranslation('custodyOrg');
  if (role.memberCount > 0) {
    return (
      <Tooltip title={t('roles.deleteHasMembers', { count: role.memberCount })}>
        <span>
          <Button type="link" size="small" danger disabled data-testid={`role-delete-${role.id}`}>
            {t('roles.delete')}
          </Button>
        </span>
      </Tooltip>
    );
  }
  return (
    <ConfirmedAction
      namespace="custodyOrg"
      title={t('roles.deleteTitle')}
      text={t('roles.deleteText', { name: role.name })}
      okText={t('roles.deleteConfirm')}
      testId="role-delete-confirm"
      onConfirm={() => onDelete(role)}
    >
      <Button
        type="link"
        size="small"
        danger
        loading={busyId === role.id}
        disabled={busyId !== null && busyId !== role.id}
        data-testid={`role-delete-${role.id}`}
      >
        {t('roles.delete')}
      </Button>
    </ConfirmedAction>
  );
}
