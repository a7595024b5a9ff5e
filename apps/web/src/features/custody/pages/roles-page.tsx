import type { CustodyRole } from '@coffer/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../shared/ui/page-frame';
import { TableSkeleton } from '../../../shared/ui/table-skeleton';
import { showToast } from '../../../shared/ui/toast-store';
import { custodyMembersKey } from '../api/custody-members';
import { custodyRoleCalls, custodyRolesKey, custodyRolesQuery } from '../api/custody-roles';
import { RoleFormDialog } from '../components/role-form-dialog';
import { RoleTable } from '../components/role-table';
import common from '../components/custody-console.module.css';
import { ConsoleRead } from '../components/custody-load-error';

type Editing = { role: CustodyRole | null };

/**
 * Role management (spec §2 "role management (list, add)", §3, §5, §6): the built-in roles,
 * which cannot change, and the custom roles with add, edit and delete.
 */
export function RolesPage() {
  const { t, ready } = useTranslation('custodyOrg');
  const queryClient = useQueryClient();
  const roles = useQuery(custodyRolesQuery);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);

  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: custodyRolesKey }),
      queryClient.invalidateQueries({ queryKey: custodyMembersKey }),
    ]);
  };

  const handleSaved = (role: CustodyRole, mode: 'add' | 'edit') => {
    setEditing(null);
    showToast('success', mode === 'add' ? t('roles.added', { name: role.name }) : t('roles.saved', { name: role.name }));
    void refresh();
  };

  const handleDelete = async (role: CustodyRole) => {
    setDeleting(role.id);
    try {
      await custodyRoleCalls.remove(role.id, t('roles.deleted', { name: role.name }));
      await refresh();
    } catch {
      // Shown by the HTTP client in the user's language.
    } finally {
      setDeleting(null);
    }
  };

  if (!ready) return <TableSkeleton rows={4} columns={5} />;

  const addButton = (testId: string) => (
    <Button type="primary" onClick={() => setEditing({ role: null })} disabled={!roles.data} data-testid={testId}>
      {t('roles.add')}
    </Button>
  );

  const body = (
    <ConsoleRead reads={[roles]} loading={<TableSkeleton rows={4} columns={5} />} errorTestId="roles-load-error">
      {(list) =>
        list.length === 0 ? (
          <Empty description={t('roles.emptyTitle')} data-testid="roles-empty">
            <p className={common.muted}>{t('roles.emptyText')}</p>
            {addButton('role-add-empty')}
          </Empty>
        ) : (
          <RoleTable roles={list} busyId={deleting} onEdit={(role) => setEditing({ role })} onDelete={(role) => void handleDelete(role)} />
        )
      }
    </ConsoleRead>
  );

  return (
    <PageFrame title={t('roles.title')} testId="custody-roles-page" actions={addButton('role-add')}>
      <Card>
        <p className={common.intro}>{t('roles.intro')}</p>
        {body}
      </Card>
      <RoleFormDialog open={editing !== null} role={editing?.role ?? null} onSaved={handleSaved} onCancel={() => setEditing(null)} />
    </PageFrame>
  );
}

export default RolesPage;
